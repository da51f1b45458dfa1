import { useFieldArray, useFormContext } from 'react-hook-form';
import { EditorSection } from './editor-section';
import { type ContentForm, SMALL_BUTTON } from './form-values';
import { useOrderedList } from './item-buttons';
import { LocalizedInput } from './localized-input';
import { blankText } from './localized-paths';
import { OptionalGroup } from './optional-group';
import { NumberInput } from './plain-inputs';
import { m } from '../../i18n/paraglide/messages';

function ManualEntries({ locales }: { locales: readonly string[] }) {
  const { control } = useFormContext<ContentForm>();
  const manual = useFieldArray({ control, name: 'arrival.manual' as never });
  const list = useOrderedList(m.editor_manualEntry(), manual);
  return (
    <>
      {manual.fields.map((field, index) => (
        <fieldset key={field.id} className="space-y-3 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 font-semibold text-slate-800">
            {m.editor_manualEntryNumbered({ number: index + 1 })}
          </legend>
          <LocalizedInput path={`arrival.manual.${index}.title`} label={m.editor_itemTitle()} locales={locales} />
          <LocalizedInput path={`arrival.manual.${index}.text`} label={m.editor_text()} locales={locales} multiline />
          {list.buttons(index, manual.fields.length, manual.fields.length > 1)}
        </fieldset>
      ))}
      {list.status}
      <button
        type="button"
        className={SMALL_BUTTON}
        onClick={() => manual.append({ title: blankText(locales), text: blankText(locales) } as never)}
      >
        {m.editor_addManualEntry()}
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
    <EditorSection id="arrival" title={m.editor_arrival()}>
      <OptionalGroup
        path="arrival"
        label={m.editor_arrivalOptional()}
        initial={() => ({
          daysBefore: 3,
          directions: { fromLisbon: blank, fromPorto: blank },
          parking: blank,
          manual: [{ title: blank, text: blank }],
          doorInstructions: blank,
        })}
      >
        <NumberInput path="arrival.daysBefore" label={m.editor_arrivalDaysBefore()} min={1} max={30} />
        <LocalizedInput
          path="arrival.directions.fromLisbon"
          label={m.editor_fromLisbon()}
          locales={locales}
          multiline
        />
        <LocalizedInput path="arrival.directions.fromPorto" label={m.editor_fromPorto()} locales={locales} multiline />
        <LocalizedInput path="arrival.parking" label={m.editor_parking()} locales={locales} multiline />
        <ManualEntries locales={locales} />
        <LocalizedInput
          path="arrival.doorInstructions"
          label={m.editor_doorInstructions()}
          locales={locales}
          multiline
        />
      </OptionalGroup>
    </EditorSection>
  );
}
