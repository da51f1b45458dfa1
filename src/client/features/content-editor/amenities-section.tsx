import { useFieldArray, useFormContext } from 'react-hook-form';
import { AMENITY_ICONS } from '../../../shared/content';
import { EditorSection } from './editor-section';
import { type ContentForm, errorAt, SMALL_BUTTON } from './form-values';
import { useOrderedList } from './item-buttons';
import { LocalizedInput } from './localized-input';
import { blankText } from './localized-paths';
import { SelectInput } from './plain-inputs';
import { m } from '../../i18n/paraglide/messages';

/** The icons of the fixed set, named in the page's language; read when shown. */
function iconOptions() {
  const names: Record<(typeof AMENITY_ICONS)[number], () => string> = {
    waves: m.editor_icon_waves,
    trees: m.editor_icon_trees,
    car: m.editor_icon_car,
    tv: m.editor_icon_tv,
    wifi: m.editor_icon_wifi,
    'chef-hat': m.editor_icon_chefHat,
    'shower-head': m.editor_icon_showerHead,
    coffee: m.editor_icon_coffee,
    users: m.editor_icon_users,
    'bed-double': m.editor_icon_bedDouble,
    sailboat: m.editor_icon_sailboat,
    flame: m.editor_icon_flame,
    sun: m.editor_icon_sun,
    utensils: m.editor_icon_utensils,
    mountain: m.editor_icon_mountain,
  };
  return AMENITY_ICONS.map((icon) => ({ value: icon, label: names[icon]() }));
}

/** The amenities in the page's order, each with an icon of the fixed set, a title and a description. */
export function AmenitiesSection({ locales }: { locales: readonly string[] }) {
  const { control, formState } = useFormContext<ContentForm>();
  const amenities = useFieldArray({ control, name: 'amenities' as never });
  const list = useOrderedList(m.editor_amenity(), amenities);
  const count = amenities.fields.length;
  const listError = errorAt(formState.errors, 'amenities');
  return (
    <EditorSection id="amenities" title={m.editor_amenities()}>
      <LocalizedInput path="intros.amenities" label={m.editor_amenitiesIntro()} locales={locales} />
      {amenities.fields.map((field, index) => (
        <fieldset key={field.id} className="space-y-3 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 font-semibold text-slate-800">
            {m.editor_amenityNumbered({ number: index + 1 })}
          </legend>
          <SelectInput path={`amenities.${index}.icon`} label={m.editor_icon()} options={iconOptions()} />
          <LocalizedInput path={`amenities.${index}.title`} label={m.editor_itemTitle()} locales={locales} />
          <LocalizedInput path={`amenities.${index}.description`} label={m.editor_description()} locales={locales} />
          {list.buttons(index, count, count > 1)}
        </fieldset>
      ))}
      {listError && <p className="text-sm text-red-700">{listError}</p>}
      {list.status}
      <button
        type="button"
        className={SMALL_BUTTON}
        onClick={() =>
          amenities.append({
            icon: AMENITY_ICONS[0],
            title: blankText(locales),
            description: blankText(locales),
          } as never)
        }
      >
        {m.editor_addAmenity()}
      </button>
    </EditorSection>
  );
}
