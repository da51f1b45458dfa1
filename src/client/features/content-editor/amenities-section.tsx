import { useFieldArray, useFormContext } from 'react-hook-form';
import { AMENITY_ICONS } from '../../../shared/content';
import { EditorSection } from './editor-section';
import { type ContentForm, errorAt, SMALL_BUTTON } from './form-values';
import { useOrderedList } from './item-buttons';
import { LocalizedInput } from './localized-input';
import { blankText } from './localized-paths';
import { SelectInput } from './plain-inputs';

const ICON_OPTIONS = AMENITY_ICONS.map((icon) => ({ value: icon, label: icon.replace('-', ' ') }));

/** The amenities in the page's order, each with an icon of the fixed set, a title and a description. */
export function AmenitiesSection({ locales }: { locales: readonly string[] }) {
  const { control, formState } = useFormContext<ContentForm>();
  const amenities = useFieldArray({ control, name: 'amenities' as never });
  const list = useOrderedList('Amenity', amenities);
  const count = amenities.fields.length;
  const listError = errorAt(formState.errors, 'amenities');
  return (
    <EditorSection id="amenities" title="Amenities">
      <LocalizedInput path="intros.amenities" label="Amenities: introduction" locales={locales} />
      {amenities.fields.map((field, index) => (
        <fieldset key={field.id} className="space-y-3 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 font-semibold text-slate-800">Amenity {index + 1}</legend>
          <SelectInput path={`amenities.${index}.icon`} label="Icon" options={ICON_OPTIONS} />
          <LocalizedInput path={`amenities.${index}.title`} label="Title" locales={locales} />
          <LocalizedInput path={`amenities.${index}.description`} label="Description" locales={locales} />
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
        Add an amenity
      </button>
    </EditorSection>
  );
}
