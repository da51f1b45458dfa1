import { EditorSection } from './editor-section';
import { OptionalGroup } from './optional-group';
import { PlainInput } from './plain-inputs';
import { m } from '../../i18n/paraglide/messages';

/**
 * The house as its mails and the police's bulletin name it: the mails' colours, and the unit's
 * details for SIBA (docs/siba.md), which no page shows.
 */
export function UnitSection() {
  return (
    <EditorSection id="unit" title={m.editor_unit()}>
      <OptionalGroup
        path="colors"
        label={m.editor_colorsOptional()}
        initial={() => ({ primary: '#245349', background: '#f4f1ea' })}
      >
        <div className="grid gap-3 md:grid-cols-2">
          <PlainInput path="colors.primary" label={m.editor_colorPrimary()} type="color" />
          <PlainInput path="colors.background" label={m.editor_colorBackground()} type="color" />
        </div>
      </OptionalGroup>
      <OptionalGroup
        path="legal.siba"
        label={m.editor_sibaOptional()}
        initial={() => ({ nif: '', address: '', town: '', postcode: '', contactName: '' })}
      >
        <div className="grid gap-3 md:grid-cols-2">
          <PlainInput path="legal.siba.nif" label={m.editor_sibaNif()} hint={m.editor_sibaNifHint()} />
          <PlainInput
            path="legal.siba.abbreviation"
            label={m.editor_sibaShortName()}
            hint={m.editor_upTo15()}
            optional
          />
          <PlainInput path="legal.siba.address" label={m.editor_street()} hint={m.editor_upTo40()} />
          <PlainInput path="legal.siba.town" label={m.editor_town()} />
          <PlainInput path="legal.siba.postcode" label={m.editor_postcode()} hint={m.editor_postcodeHint()} />
          <PlainInput path="legal.siba.contactName" label={m.editor_contactPerson()} />
        </div>
      </OptionalGroup>
    </EditorSection>
  );
}
