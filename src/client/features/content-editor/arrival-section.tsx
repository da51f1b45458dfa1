import { useFieldArray, useFormContext } from 'react-hook-form';
import { EditorSection } from './editor-section';
import { type ContentForm, SMALL_BUTTON } from './form-values';
import { useOrderedList } from './item-buttons';
import { LocalizedInput } from './localized-input';
import { blankText } from './localized-paths';
import { OptionalGroup } from './optional-group';
import { NumberInput } from './plain-inputs';

function ManualEntries({ locales }: { locales: readonly string[] }) {
  const { control } = useFormContext<ContentForm>();
  const manual = useFieldArray({ control, name: 'arrival.manual' as never });
  const list = useOrderedList('Manual entry', manual);
  return (
    <>
      {manual.fields.map((field, index) => (
        <fieldset key={field.id} className="space-y-3 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 font-semibold text-slate-800">Manual entry {index + 1}</legend>
          <LocalizedInput path={`arrival.manual.${index}.title`} label="Title" locales={locales} />
          <LocalizedInput path={`arrival.manual.${index}.text`} label="Text" locales={locales} multiline />
          {list.buttons(index, manual.fields.length, manual.fields.length > 1)}
        </fieldset>
      ))}
      {list.status}
      <button
        type="button"
        className={SMALL_BUTTON}
        onClick={() => manual.append({ title: blankText(locales), text: blankText(locales) } as never)}
      >
        Add a manual entry
      </button>
    </>
  );
}

/**
 * What a guest needs to arrive, mailed and shown on their booking page only. The door
 * instructions stay out of every public page (docs/decisions/0023-page-carries-its-content.md).
 */
export function ArrivalSection({ locales }: { locales: readonly string[] }) {
  const blank = blankText(locales);
  return (
    <EditorSection id="arrival" title="Arrival instructions">
      <OptionalGroup
        path="arrival"
        label="Send arrival instructions to guests before their stay"
        initial={() => ({
          daysBefore: 3,
          directions: { fromLisbon: blank, fromPorto: blank },
          parking: blank,
          manual: [{ title: blank, text: blank }],
          doorInstructions: blank,
        })}
      >
        <NumberInput path="arrival.daysBefore" label="Sent this many days before arrival" min={1} max={30} />
        <LocalizedInput
          path="arrival.directions.fromLisbon"
          label="Directions from Lisbon"
          locales={locales}
          multiline
        />
        <LocalizedInput path="arrival.directions.fromPorto" label="Directions from Porto" locales={locales} multiline />
        <LocalizedInput path="arrival.parking" label="Parking" locales={locales} multiline />
        <ManualEntries locales={locales} />
        <LocalizedInput
          path="arrival.doorInstructions"
          label="Door instructions (secret: only in the guest's mail and booking page)"
          locales={locales}
          multiline
        />
      </OptionalGroup>
    </EditorSection>
  );
}
