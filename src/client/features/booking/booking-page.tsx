import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { GuestBooking } from '../../../shared/bookings';
import { pageLocale, pagePath, property, setPageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { api, ApiError } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { BookingDetails } from './booking-details';
import { BookingActions } from './booking-actions';
import { RefundAccount } from './refund-account';
import { OfferPaymentChoice } from './offer-payment-choice';
import { OfferTermsAcceptance } from './offer-terms-acceptance';
import { OwnerMessage } from './owner-message';
import { BookingDocuments } from './booking-documents';
import { browserLocale } from './browser-locale';
import { LinkGone } from './link-gone';
import { OtherLanguages } from './other-languages';

const CheckIn = lazy(() => import('./check-in'));
/** The statuses whose guests check in (server/registrations/check-in.ts). */
const CHECKS_IN = new Set(['confirmed', 'balance_due', 'paid']);

/** How often, and how many times, the page looks again while a payment is being confirmed. */
const CONFIRMING_EVERY_MS = 2_000;
const CONFIRMING_TRIES = 30;

/** The guest's page for their booking, opened from the link in their mails (`/booking/<code>?t=…`). */
export function BookingPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <BookingScreen />
    </QueryClientProvider>
  );
}

function BookingScreen() {
  const { code = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('t') ?? '';
  const returnedFromPayment = search.get('paid') === '1';
  const [tries, setTries] = useState(0);
  const path = `/api/bookings/${encodeURIComponent(code)}?t=${encodeURIComponent(token)}`;
  const query = useQuery({
    queryKey: ['booking', code, token],
    queryFn: async () => {
      setTries((n) => n + 1);
      return api<GuestBooking>(path);
    },
    retry: false,
    // Back from Stripe, the webhook may not have arrived yet: look again for a minute.
    refetchInterval: (q) =>
      returnedFromPayment && q.state.data?.status === 'awaiting_payment' && tries < CONFIRMING_TRIES
        ? CONFIRMING_EVERY_MS
        : false,
  });
  const booking = query.data;
  // The page speaks the guest's language, the one they booked in; without the booking (an ended
  // or wrong link), the browser's, when the site has it.
  // The language links (`?lang=`) let the guest read it in another of the site's languages.
  const chosen = search.get('lang');
  const locale =
    chosen && property.locales.includes(chosen)
      ? chosen
      : booking
        ? booking.locale
        : query.isError
          ? browserLocale(property.locales)
          : undefined;
  if (locale && locale !== pageLocale && property.locales.includes(locale)) setPageLocale(locale);
  useEffect(() => {
    if (!locale) return;
    document.documentElement.lang = pageLocale;
    document.title = `${m.booking_pageTitle({ code })} · ${property.name}`;
  }, [locale, code]);
  const client = useQueryClient();

  return (
    <div className="min-h-screen bg-sand-50">
      <header className="bg-lake-800 px-4 py-4 text-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4">
          <Link to={pagePath(pageLocale)} reloadDocument className="text-lg font-semibold">
            {property.name}
          </Link>
          {locale && <OtherLanguages search={search} />}
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="text-2xl font-semibold text-lake-800">{m.booking_pageTitle({ code })}</h1>
        {query.isPending && (
          <p role="status" className="mt-4">
            {m.booking_loading()}
          </p>
        )}
        {query.isError &&
          (query.error instanceof ApiError && query.error.code === 'gone' ? (
            <LinkGone />
          ) : (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-red-800">
              {m.booking_notFound()}
            </p>
          ))}
        {booking && (
          <>
            <p data-testid="booking-status" className="mt-4 text-lg font-semibold text-slate-900">
              {m[`booking_status_${booking.status}`]()}
            </p>
            {returnedFromPayment && booking.status === 'awaiting_payment' && (
              <p role="status" className="mt-2 rounded-lg bg-lake-50 p-3 text-lake-900">
                {m.booking_confirmingPayment()}
              </p>
            )}
            <OwnerMessage booking={booking} />
            <OfferTermsAcceptance
              booking={booking}
              path={path}
              onChanged={() => client.invalidateQueries({ queryKey: ['booking', code, token] })}
            />
            <OfferPaymentChoice
              booking={booking}
              path={path}
              onChanged={() => client.invalidateQueries({ queryKey: ['booking', code, token] })}
            />
            <BookingDetails booking={booking} />
            <RefundAccount
              booking={booking}
              path={path}
              onSaved={() => client.invalidateQueries({ queryKey: ['booking', code, token] })}
            />
            {booking.paidCents + booking.refundedCents > 0 && <BookingDocuments code={code} token={token} />}
            <BookingActions
              booking={booking}
              path={path}
              onChanged={() => client.invalidateQueries({ queryKey: ['booking', code, token] })}
            />
            {CHECKS_IN.has(booking.status) && (
              <Suspense fallback={null}>
                <CheckIn
                  path={path}
                  checkOut={booking.checkOut}
                  invoiceNif={booking.invoiceNif}
                  onChanged={() => client.invalidateQueries({ queryKey: ['booking', code, token] })}
                />
              </Suspense>
            )}
          </>
        )}
      </main>
    </div>
  );
}
