import { useFieldArray, useFormContext } from 'react-hook-form';
import { EditorSection } from './editor-section';
import { type ContentForm, SMALL_BUTTON } from './form-values';
import { useOrderedList } from './item-buttons';
import { LocalizedInput } from './localized-input';
import { blankText } from './localized-paths';
import { NumberInput, PlainInput } from './plain-inputs';

/** Where the house is: the map, the locality, the attractions nearby and the distances to places. */
export function PlaceSection({ locales }: { locales: readonly string[] }) {
  const { control } = useFormContext<ContentForm>();
  const attractions = useFieldArray({ control, name: 'attractions' as never });
  const distances = useFieldArray({ control, name: 'distances' as never });
  const attractionList = useOrderedList('Attraction', attractions);
  const distanceList = useOrderedList('Distance', distances);
  const blank = blankText(locales);
  return (
    <EditorSection id="place" title="Location and attractions">
      <LocalizedInput path="intros.location" label="Location: introduction" locales={locales} />
      <LocalizedInput path="location.locality" label="Locality" locales={locales} />
      <LocalizedInput path="location.mapQuery" label="What the map searches for" locales={locales} />
      <div className="grid gap-3 md:grid-cols-3">
        <PlainInput path="location.country" label="Country" hint="Two letters, such as PT" />
        <NumberInput path="location.latitude" label="Latitude" min={-90} max={90} step="any" />
        <NumberInput path="location.longitude" label="Longitude" min={-180} max={180} step="any" />
      </div>
      {attractions.fields.map((field, index) => (
        <fieldset key={field.id} className="space-y-3 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 font-semibold text-slate-800">Attraction {index + 1}</legend>
          <LocalizedInput path={`attractions.${index}.name`} label="Name" locales={locales} />
          <LocalizedInput path={`attractions.${index}.distance`} label="Distance" locales={locales} />
          <LocalizedInput path={`attractions.${index}.description`} label="Description" locales={locales} multiline />
          {attractionList.buttons(index, attractions.fields.length)}
        </fieldset>
      ))}
      {attractionList.status}
      <button
        type="button"
        className={SMALL_BUTTON}
        onClick={() => attractions.append({ name: blank, distance: blank, description: blank } as never)}
      >
        Add an attraction
      </button>
      {distances.fields.map((field, index) => (
        <fieldset key={field.id} className="space-y-3 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 font-semibold text-slate-800">Distance {index + 1}</legend>
          <LocalizedInput path={`distances.${index}.place`} label="Place" locales={locales} />
          <LocalizedInput path={`distances.${index}.distance`} label="Distance" locales={locales} />
          {distanceList.buttons(index, distances.fields.length)}
        </fieldset>
      ))}
      {distanceList.status}
      <button
        type="button"
        className={SMALL_BUTTON}
        onClick={() => distances.append({ place: blank, distance: blank } as never)}
      >
        Add a distance
      </button>
    </EditorSection>
  );
}
