import { useFieldArray, useFormContext } from 'react-hook-form';
import { EditorSection } from './editor-section';
import { type ContentForm, SMALL_BUTTON } from './form-values';
import { useOrderedList } from './item-buttons';
import { LocalizedInput } from './localized-input';
import { blankText } from './localized-paths';
import { NumberInput, PlainInput } from './plain-inputs';
import { m } from '../../i18n/paraglide/messages';

/** Where the house is: the map, the locality, the attractions nearby and the distances to places. */
export function PlaceSection({ locales }: { locales: readonly string[] }) {
  const { control } = useFormContext<ContentForm>();
  const attractions = useFieldArray({ control, name: 'attractions' as never });
  const distances = useFieldArray({ control, name: 'distances' as never });
  const attractionList = useOrderedList(m.editor_attraction(), attractions);
  const distanceList = useOrderedList(m.editor_distance(), distances);
  const blank = blankText(locales);
  return (
    <EditorSection id="place" title={m.editor_place()}>
      <LocalizedInput path="intros.location" label={m.editor_locationIntro()} locales={locales} />
      <LocalizedInput path="location.locality" label={m.editor_locality()} locales={locales} />
      <LocalizedInput path="location.mapQuery" label={m.editor_mapQuery()} locales={locales} />
      <div className="grid gap-3 md:grid-cols-3">
        <PlainInput path="location.country" label={m.editor_country()} hint={m.editor_countryHint()} />
        <NumberInput path="location.latitude" label={m.editor_latitude()} min={-90} max={90} step="any" />
        <NumberInput path="location.longitude" label={m.editor_longitude()} min={-180} max={180} step="any" />
      </div>
      {attractions.fields.map((field, index) => (
        <fieldset key={field.id} className="space-y-3 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 font-semibold text-slate-800">
            {m.editor_attractionNumbered({ number: index + 1 })}
          </legend>
          <LocalizedInput path={`attractions.${index}.name`} label={m.editor_name()} locales={locales} />
          <LocalizedInput path={`attractions.${index}.distance`} label={m.editor_distance()} locales={locales} />
          <LocalizedInput
            path={`attractions.${index}.description`}
            label={m.editor_description()}
            locales={locales}
            multiline
          />
          {attractionList.buttons(index, attractions.fields.length)}
        </fieldset>
      ))}
      {attractionList.status}
      <button
        type="button"
        className={SMALL_BUTTON}
        onClick={() => attractions.append({ name: blank, distance: blank, description: blank } as never)}
      >
        {m.editor_addAttraction()}
      </button>
      {distances.fields.map((field, index) => (
        <fieldset key={field.id} className="space-y-3 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 font-semibold text-slate-800">
            {m.editor_distanceNumbered({ number: index + 1 })}
          </legend>
          <LocalizedInput path={`distances.${index}.place`} label={m.editor_placeName()} locales={locales} />
          <LocalizedInput path={`distances.${index}.distance`} label={m.editor_distance()} locales={locales} />
          {distanceList.buttons(index, distances.fields.length)}
        </fieldset>
      ))}
      {distanceList.status}
      <button
        type="button"
        className={SMALL_BUTTON}
        onClick={() => distances.append({ place: blank, distance: blank } as never)}
      >
        {m.editor_addDistance()}
      </button>
    </EditorSection>
  );
}
