import { EditorSection } from './editor-section';
import { LocalizedInput } from './localized-input';
import { blankText } from './localized-paths';
import { OptionalGroup } from './optional-group';
import { PlainInput } from './plain-inputs';
import { m } from '../../i18n/paraglide/messages';

/** How guests reach the owner, the times of arrival and departure, and the footer's lines the law asks for. */
export function ContactSection({ locales }: { locales: readonly string[] }) {
  return (
    <EditorSection id="contact" title={m.editor_contact()}>
      <div className="grid gap-3 md:grid-cols-2">
        <PlainInput path="contact.phone" label={m.editor_phone()} type="tel" hint={m.editor_phoneHint()} />
        <PlainInput path="contact.email" label={m.editor_bookingEmail()} type="email" />
        <PlainInput path="contact.secondaryEmail" label={m.editor_footerEmail()} type="email" />
        <PlainInput path="contact.instagramUrl" label={m.editor_instagram()} type="url" hint="https://…" />
      </div>
      <div className="grid gap-3 md:grid-cols-3">
        <PlainInput path="checkIn.from" label={m.editor_checkInFrom()} type="time" />
        <PlainInput path="checkIn.until" label={m.editor_checkInUntil()} type="time" />
        <PlainInput path="checkOut.until" label={m.editor_checkOutUntil()} type="time" />
      </div>
      <LocalizedInput path="titleSuffix" label={m.editor_tagline()} locales={locales} />
      <LocalizedInput path="intros.reviews" label={m.editor_reviewsIntro()} locales={locales} />
      <div className="grid gap-3 md:grid-cols-2">
        <PlainInput
          path="legal.registrationNumber"
          label={m.editor_registrationNumber()}
          hint={m.editor_registrationNumberHint()}
          optional
        />
        <PlainInput
          path="legal.complaintsBookUrl"
          label={m.editor_complaintsBook()}
          type="url"
          hint="https://www.livroreclamacoes.pt"
          optional
        />
      </div>
      <OptionalGroup
        path="legal.owner"
        label={m.editor_ownerIdentity()}
        initial={() => ({ name: '', nif: '', address: '' })}
      >
        <div className="grid gap-3 md:grid-cols-2">
          <PlainInput path="legal.owner.name" label={m.editor_ownerName()} hint={m.editor_ownerNameHint()} />
          <PlainInput path="legal.owner.nif" label={m.editor_ownerNif()} hint={m.editor_nifHint()} />
        </div>
        <PlainInput path="legal.owner.address" label={m.editor_ownerAddress()} />
      </OptionalGroup>
      <OptionalGroup
        path="controller"
        label={m.editor_controllerOptional()}
        initial={() => ({ name: blankText(locales), email: '' })}
      >
        <LocalizedInput path="controller.name" label={m.editor_controllerName()} locales={locales} />
        <PlainInput path="controller.email" label={m.editor_controllerEmail()} type="email" />
      </OptionalGroup>
    </EditorSection>
  );
}
