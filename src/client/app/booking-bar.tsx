import { formatAmount } from '../../shared/quote-text';
import type { Pricing } from '../../shared/pricing';
import { pageLocale, property } from '../i18n/locale';
import { m } from '../i18n/paraglide/messages';

/** The lowest price a night can have, in any season and on any day. */
function lowestNightly(pricing: Pricing): number {
  const prices = [
    pricing.nightly,
    pricing.weekendNightly,
    ...pricing.seasons.flatMap((s) => [s.nightly, s.weekendNightly]),
  ];
  return Math.min(...prices.filter((price): price is number => price !== undefined));
}

/**
 * A phone's way to book from anywhere on the page, when the site takes bookings: a bar fixed to
 * the bottom of the screen with the lowest nightly price, whose "Reserve" opens the booking panel
 * (the contact section's `#book`). Plain HTML, so it costs the first view no script; hidden from
 * the width where the panel is a column beside the contact section.
 */
export function BookingBar() {
  const pricing = property.pricing;
  return (
    <div
      data-testid="booking-bar"
      className="animate-page-fade-in fixed inset-x-0 bottom-0 z-30 flex items-center justify-between gap-4 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] lg:hidden"
    >
      <p className="text-sm text-slate-800">
        {pricing && m.panel_fromPerNight({ price: formatAmount(lowestNightly(pricing), pricing.currency, pageLocale) })}
      </p>
      <a
        href="#book"
        className="shrink-0 rounded-lg bg-lake-700 px-5 py-2.5 font-semibold text-white hover:bg-lake-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lake-700"
      >
        {property.booking?.mode === 'request' ? m.booking_requestToBook() : m.panel_reserve()}
      </a>
    </div>
  );
}
