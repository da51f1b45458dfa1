import { lazy, Suspense } from 'react';
import { property } from '../i18n/locale';
import { m } from '../i18n/paraglide/messages';
import { WhenNear } from '../ui/when-near';

// The contact section's two islands. Their code loads as the visitor scrolls towards them: the
// form (and its date pickers after it), the booking panel and its dialog when the site takes
// bookings, and the calendar with its data, each in a chunk of its own.
const InquiryForm = lazy(() => import('../features/inquiry/inquiry-form').then((m) => ({ default: m.InquiryForm })));
const BookStay = lazy(() => import('../features/booking/book-stay'));
const StayPanel = lazy(() => import('../features/inquiry/stay-panel').then((m) => ({ default: m.StayPanel })));
const AvailabilityPanel = lazy(() => import('../features/availability/availability-panel'));

export function AvailabilityIsland() {
  return (
    <WhenNear
      placeholder={
        <div role="status" aria-busy="true" aria-label={m.availability_loading()} className="min-h-[22rem]" />
      }
    >
      <AvailabilityPanel />
    </WhenNear>
  );
}

/** A form's place while its code loads, the size it will take, so the page does not jump. */
function FormLoading({ className }: { className: string }) {
  return <div role="status" aria-busy="true" aria-label={m.contact_loadingForm()} className={className} />;
}

export function InquiryIsland() {
  // Loaded from further away than the default: a phone that jumps to #contact stops with the
  // calendar on screen and the form's spot about 620 px below the screen.
  return (
    <WhenNear
      rootMargin="1200px"
      placeholder={<FormLoading className="min-h-[40rem] rounded-2xl bg-white shadow-sm" />}
    >
      <InquiryForm question={bookingMode() !== 'inquiry'} />
    </WhenNear>
  );
}

/** The site's booking mode as the content sets it; the server may still take inquiries only. */
export const bookingMode = () => property.booking?.mode ?? 'inquiry';

/** The booking panel, when the site takes bookings: "Reserve" opens the booking's dialog. */
export function PanelIsland() {
  const mode = bookingMode();
  if (mode === 'inquiry') return null;
  return (
    <WhenNear
      rootMargin="1200px"
      placeholder={<FormLoading className="min-h-[24rem] rounded-2xl bg-white shadow-lg ring-1 ring-slate-200" />}
    >
      <StayPanel
        mode={mode}
        renderReserve={(stay, close, onGuests) => (
          <Suspense fallback={null}>
            <BookStay stay={stay} onClose={close} onGuests={onGuests} />
          </Suspense>
        )}
      />
    </WhenNear>
  );
}
