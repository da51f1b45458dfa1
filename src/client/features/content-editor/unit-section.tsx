import { EditorSection } from './editor-section';
import { OptionalGroup } from './optional-group';
import { PlainInput } from './plain-inputs';

/**
 * The house as its mails and the police's bulletin name it: the mails' colours, and the unit's
 * details for SIBA (docs/siba.md), which no page shows.
 */
export function UnitSection() {
  return (
    <EditorSection id="unit" title="Mail colours and the SIBA unit">
      <OptionalGroup
        path="colors"
        label="The mails use the house's own colours"
        initial={() => ({ primary: '#245349', background: '#f4f1ea' })}
      >
        <div className="grid gap-3 md:grid-cols-2">
          <PlainInput path="colors.primary" label="Header and buttons (white text on it)" type="color" />
          <PlainInput path="colors.background" label="Around the message" type="color" />
        </div>
      </OptionalGroup>
      <OptionalGroup
        path="legal.siba"
        label="The unit's details for the foreigners' bulletin (SIBA)"
        initial={() => ({ nif: '', address: '', town: '', postcode: '', contactName: '' })}
      >
        <div className="grid gap-3 md:grid-cols-2">
          <PlainInput path="legal.siba.nif" label="NIF" hint="The owner's tax number, 9 digits" />
          <PlainInput path="legal.siba.abbreviation" label="Short name" hint="Up to 15 characters" optional />
          <PlainInput path="legal.siba.address" label="Street address" hint="Up to 40 characters" />
          <PlainInput path="legal.siba.town" label="Town" />
          <PlainInput path="legal.siba.postcode" label="Postcode" hint="Such as 2240-332" />
          <PlainInput path="legal.siba.contactName" label="Contact person" />
        </div>
      </OptionalGroup>
    </EditorSection>
  );
}
