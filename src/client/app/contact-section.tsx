import { Camera, Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { property } from '../i18n/locale';
import { telHref } from '../../shared/property';
import { PrivacyNote } from '../ui/privacy-note';
import { Island } from '../ui/island';
import { Section } from '../ui/section';
import { m } from '../i18n/paraglide/messages';
import { AvailabilityIsland, bookingMode, InquiryIsland, PanelIsland } from './contact-islands';

function InfoRow({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span aria-hidden className="mt-0.5 rounded-full bg-lake-100 p-2 text-lake-700">
        {icon}
      </span>
      <div className="text-slate-700">{children}</div>
    </li>
  );
}

export function ContactSection() {
  const mode = bookingMode();
  // The tagline asks for a booking request unless the booking is instant (its price final).
  const intro =
    mode === 'instant' ? m.contact_introInstant({ name: property.name }) : m.contact_intro({ name: property.name });
  if (mode === 'inquiry')
    return (
      <Section id="contact" tone="white" title={m.contact_title()} intro={intro}>
        <AvailabilityBox />
        <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_1.5fr]">
          <ContactInformation />
          <InquiryColumn />
        </div>
      </Section>
    );
  // Bookings on: the booking panel is a column that stays in view beside the calendar, the
  // contact details and the question form (first, above them, on a phone).
  return (
    <Section id="contact" tone="white" title={m.contact_title()} intro={intro}>
      <div className="mt-12 grid gap-10 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div
          id="book"
          tabIndex={-1}
          className="scroll-mt-20 self-start outline-none lg:sticky lg:top-20 lg:col-start-2 lg:row-start-1"
        >
          <Island name="panel">
            <PanelIsland />
          </Island>
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <AvailabilityBox className="" booking />
          <div className="mt-10 grid gap-10 xl:grid-cols-[1fr_1.4fr]">
            <ContactInformation />
            <InquiryColumn />
          </div>
        </div>
      </div>
    </Section>
  );
}

/** The inquiry (or question) form, with when we reply and what happens to what is sent. */
function InquiryColumn() {
  return (
    <div>
      <Island name="inquiry">
        <InquiryIsland />
      </Island>
      <p className="mt-4 text-center text-sm text-slate-600">{m.contact_replyTime()}</p>
      <PrivacyNote className="mt-2 text-center" />
    </div>
  );
}

function AvailabilityBox({ className = 'mt-12', booking = false }: { className?: string; booking?: boolean }) {
  return (
    <div className={`${className} rounded-2xl bg-sand-50 p-6`}>
      <h3 className="text-xl font-semibold text-lake-800">{m.availability_title()}</h3>
      <p className="mt-2 text-slate-700">{booking ? m.availability_introBooking() : m.availability_intro()}</p>
      <div className="mt-4">
        <Island name="availability">
          <AvailabilityIsland />
        </Island>
      </div>
    </div>
  );
}

function ContactInformation() {
  const { contact, checkIn, checkOut } = property;
  return (
    <div>
      <h3 className="text-xl font-semibold text-lake-800">{m.contact_information()}</h3>
      <ul className="mt-6 space-y-5">
        <InfoRow icon={<MapPin className="size-4" />}>
          <address className="not-italic">{contact.address}</address>
        </InfoRow>
        <InfoRow icon={<Phone className="size-4" />}>
          <a href={telHref(contact.phone)} className="underline-offset-2 hover:underline">
            {contact.phone}
          </a>
        </InfoRow>
        <InfoRow icon={<Mail className="size-4" />}>
          <a href={`mailto:${contact.email}`} className="break-all underline-offset-2 hover:underline">
            {contact.email}
          </a>
        </InfoRow>
        <InfoRow icon={<Clock className="size-4" />}>
          <p>{m.contact_checkIn({ from: checkIn.from, until: checkIn.until })}</p>
          <p>{m.contact_checkOut({ until: checkOut.until })}</p>
        </InfoRow>
        <InfoRow icon={<Camera className="size-4" />}>
          <a
            href={contact.instagramUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-lake-700 underline-offset-2 hover:underline"
          >
            {m.contact_instagram()}
          </a>
        </InfoRow>
      </ul>
    </div>
  );
}
