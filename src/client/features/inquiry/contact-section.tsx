import { Camera, Clock, Mail, MapPin, Phone } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { property } from '../../i18n/locale';
import { telHref } from '../../../shared/property';
import { PrivacyNote } from '../../ui/privacy-note';
import { WhenNear } from '../../ui/when-near';
import { Section } from '../../ui/section';
import { m } from '../../i18n/paraglide/messages';

// The form (and its date pickers after it) loads as the visitor scrolls towards it.
const InquiryForm = lazy(() => import('./inquiry-form').then((m) => ({ default: m.InquiryForm })));
// Booking, when the site takes bookings: with the form, and its own form when the guest starts.
const BookStay = lazy(() => import('../booking/book-stay'));
// The availability calendar and its data: the same, in a chunk of their own.
const AvailabilityPanel = lazy(() => import('../availability/availability-panel'));

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
  const { contact, checkIn, checkOut } = property;
  return (
    <Section id="contact" tone="white" reveal={false} title={m.contact_title()} intro={m.contact_intro({ name: property.name })}>
        <div className="mt-12 rounded-2xl bg-sand-50 p-6">
          <h3 className="text-xl font-semibold text-lake-800">{m.availability_title()}</h3>
          <p className="mt-2 text-slate-700">{m.availability_intro()}</p>
          <div className="mt-4">
            <WhenNear placeholder={<div role="status" aria-busy="true" aria-label={m.availability_loading()} className="min-h-[22rem]" />}>
              <AvailabilityPanel />
            </WhenNear>
          </div>
        </div>
        <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_1.5fr]">
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
                <a href={contact.instagramUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-lake-700 underline-offset-2 hover:underline">
                  {m.contact_instagram()}
                </a>
              </InfoRow>
            </ul>
          </div>
          <div>
            {/* Loaded from further away than the default: a phone that jumps to #contact stops
                with the calendar on screen and the form's spot about 620 px below the screen. */}
            <WhenNear rootMargin="1200px" placeholder={<div role="status" aria-busy="true" aria-label={m.contact_loadingForm()} className="min-h-[40rem] rounded-2xl bg-white shadow-sm" />}>
              <InquiryForm
                renderBooking={(stay) => (
                  <Suspense fallback={null}>
                    <BookStay stay={stay} />
                  </Suspense>
                )}
              />
            </WhenNear>
            <p className="mt-4 text-center text-sm text-slate-600">{m.contact_replyTime()}</p>
            <PrivacyNote className="mt-2 text-center" />
          </div>
        </div>
    </Section>
  );
}
