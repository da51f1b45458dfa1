import { EditorSection } from './editor-section';
import { LocalizedInput } from './localized-input';
import { blankText } from './localized-paths';
import { OptionalGroup } from './optional-group';
import { PlainInput } from './plain-inputs';

/** How guests reach the owner, the times of arrival and departure, and the footer's lines the law asks for. */
export function ContactSection({ locales }: { locales: readonly string[] }) {
  return (
    <EditorSection id="contact" title="Contact and footer">
      <div className="grid gap-3 md:grid-cols-2">
        <PlainInput path="contact.phone" label="Phone" type="tel" hint="Such as +351 912 345 678" />
        <PlainInput path="contact.email" label="Email for bookings" type="email" />
        <PlainInput path="contact.secondaryEmail" label="Email shown in the footer" type="email" />
        <PlainInput path="contact.instagramUrl" label="Instagram address" type="url" hint="https://…" />
      </div>
      <div className="grid gap-3 md:grid-cols-3">
        <PlainInput path="checkIn.from" label="Check-in from" type="time" />
        <PlainInput path="checkIn.until" label="Check-in until" type="time" />
        <PlainInput path="checkOut.until" label="Check-out until" type="time" />
      </div>
      <LocalizedInput path="titleSuffix" label="Footer and page title: tagline" locales={locales} />
      <LocalizedInput path="intros.reviews" label="Reviews: introduction" locales={locales} />
      <div className="grid gap-3 md:grid-cols-2">
        <PlainInput
          path="legal.registrationNumber"
          label="AL registration number"
          hint="The Alojamento Local number, such as 123456/AL"
          optional
        />
        <PlainInput
          path="legal.complaintsBookUrl"
          label="Complaints book address"
          type="url"
          hint="https://www.livroreclamacoes.pt"
          optional
        />
      </div>
      <OptionalGroup
        path="legal.owner"
        label="The owner's legal identity, named in every booking confirmation (required to take bookings)"
        initial={() => ({ name: '', nif: '', address: '' })}
      >
        <div className="grid gap-3 md:grid-cols-2">
          <PlainInput path="legal.owner.name" label="Owner: name" hint="A person or a company" />
          <PlainInput path="legal.owner.nif" label="Owner: NIF" hint="The tax number, 9 digits" />
        </div>
        <PlainInput path="legal.owner.address" label="Owner: address" />
      </OptionalGroup>
      <OptionalGroup
        path="controller"
        label="Someone other than the house answers for the guests' data (privacy page)"
        initial={() => ({ name: blankText(locales), email: '' })}
      >
        <LocalizedInput path="controller.name" label="Data controller: name" locales={locales} />
        <PlainInput path="controller.email" label="Data controller: email" type="email" />
      </OptionalGroup>
    </EditorSection>
  );
}
