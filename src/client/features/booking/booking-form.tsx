import { useId, useState } from 'react';
import { MULTIBANCO_MIN_DAYS, paymentPlan, type PaymentMethod } from '../../../shared/booking-policy';
import type { BookingCreated, BookingInput, BookingOptions } from '../../../shared/bookings';
import { daysBetween } from '../../../shared/date-ranges';
import { houseToday } from '../../../shared/dates';
import { quoteStay } from '../../../shared/quote';
import { taxOfQuote } from '../../../shared/tourist-tax';
import { formatAmount } from '../../../shared/quote-text';
import { errorText, fieldErrorText } from '../../i18n/error-text';
import { pageLocale, property } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { api, ApiError } from '../../lib/api';
import { formatLongDay } from '../../lib/format-date';
import { ErrorSummary, type FieldProblem, useFieldProblems } from '../../ui/form-errors';
import { SubmitButton } from '../../ui/form-parts';
import { useSubmit } from '../../ui/use-submit';
import { BookingResult } from './booking-result';
import {
  AcceptTerms,
  GuestDetailsFields,
  PaymentMethodFields,
  PaymentPlanSection,
  PoliciesSection,
} from './booking-form-sections';
import type { StayChoice } from './stay-choice';
import { type Party, PartyFields } from './party-fields';

/**
 * The guest's booking: their details, what is paid now and later, the policies and house rules to
 * accept, and how to pay. The price shown is the page's own quote; the server computes the one charged.
 */
export function BookingForm({
  options,
  stay,
  onCreated,
  onGuests,
}: {
  options: BookingOptions;
  stay: StayChoice;
  /** Told once the booking exists: its dates can no longer be changed from here. */
  onCreated?: () => void;
  /** Told the party's head count as the guest changes it, so the panel behind says the same. */
  onGuests?: (guests: number) => void;
}) {
  const id = useId();
  const [values, setValues] = useState({ name: '', email: '', phone: '', country: '', nif: '', message: '' });
  const [accepted, setAccepted] = useState(false);
  const [method, setMethod] = useState<PaymentMethod>(options.methods[0] ?? 'stripe');
  // A failed send; the fields refused are `fields`.
  const [error, setError] = useState<string | null>(null);
  const fields = useFieldProblems();
  const [created, setCreated] = useState<BookingCreated | null>(null);
  // The guests chosen above are adults until the guest says some are children.
  const [party, setPartyState] = useState<Party>({ adults: stay.guests, childrenAges: [] });
  const setParty = (next: Party) => {
    setPartyState(next);
    onGuests?.(next.adults + next.childrenAges.length);
  };
  const taxFromAge = property.pricing?.touristTax?.minAge;
  // A child whose age is not yet chosen is priced as a child under the tax's age until it is.
  const childrenAges = party.childrenAges.map((age) => age ?? 0);
  const quote = property.pricing
    ? quoteStay(property.pricing, stay.checkIn, stay.checkOut, { adults: party.adults, childrenAges }, pageLocale)
    : undefined;
  // The house's today, read once when the form opens.
  const [today] = useState(() => houseToday(Date.now()));
  const taxCents = quote ? taxOfQuote(quote) : 0;
  const plan = quote ? paymentPlan(options, quote.total, today, stay.checkIn) : undefined;
  const money = (cents: number) => formatAmount(cents, options.currency, pageLocale);
  const multibanco =
    options.stripeMethods.includes('multibanco') && daysBetween(today, stay.checkIn) >= MULTIBANCO_MIN_DAYS;

  const controlId = (field: string) => {
    const child = /^childrenAges\.(\d+)$/.exec(field);
    if (child) return `${id}-child-${child[1]}`;
    if (field === 'acceptTerms') return `${id}-accept`;
    if (field === 'paymentMethod') return `${id}-method-${options.methods[0] ?? ''}`;
    return `${id}-${field}`;
  };
  const empty = (field: string) =>
    field in values
      ? !values[field as keyof typeof values].trim()
      : field === 'acceptTerms' || field.startsWith('child');
  const problem = (field: string, text: string): FieldProblem => ({ field, controlId: controlId(field), text });

  const { submit, sending } = useSubmit<BookingInput>({
    check: async () => {
      setError(null);
      fields.clear();
      const [{ bookingInputSchema }, { issuesByField }] = await Promise.all([
        import('../../../shared/bookings'),
        import('../../../shared/text'),
      ]);
      // An age not yet chosen is priced as a child's until it is, but the booking needs it.
      const agesMissing = party.childrenAges.flatMap((age, i) =>
        age === null ? [{ field: `childrenAges.${i}`, message: 'Age missing' }] : [],
      );
      const parsed = bookingInputSchema(today, property.capacity, property.locales).safeParse({
        checkIn: stay.checkIn,
        checkOut: stay.checkOut,
        adults: party.adults,
        childrenAges,
        ...values,
        locale: pageLocale,
        paymentMethod: method,
        acceptTerms: accepted || undefined,
        // The party the price above was shown for: the server refuses a booking for another one.
        quote: { adults: party.adults, childrenAges },
      });
      const problems = [...(parsed.success ? [] : issuesByField(parsed.error)), ...agesMissing];
      return parsed.success && problems.length === 0 ? { data: parsed.data } : { problems };
    },
    send: async (data) => {
      const answer = await api<BookingCreated>('/api/bookings', { method: 'POST', body: data });
      setCreated(answer);
      onCreated?.();
      // Stripe's own page takes the payment; the booking page shows the outcome on the way back.
      if (answer.checkoutUrl) window.location.assign(answer.checkoutUrl);
    },
    onInvalid: (found) => fields.show(found.map((p) => problem(p.field, fieldErrorText(p.field, empty(p.field))))),
    onSent: () => undefined,
    onFailed: (e) => {
      // A field the server refused although the form's check passed (a NIF, say) is shown on it.
      if (e instanceof ApiError && e.code === 'invalid_field' && e.field && document.getElementById(controlId(e.field)))
        return fields.show([problem(e.field, errorText(e))]);
      setError(m.booking_failed({ reason: errorText(e) }));
    },
  });

  if (created) return <BookingResult created={created} options={options} />;

  const value = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues({ ...values, [name]: e.target.value }),
  });
  const row = (name: keyof typeof values) => ({ id: `${id}-${name}`, error: fields.errorOf(name) });
  const acceptError = fields.errorOf('acceptTerms');

  return (
    <form
      onSubmit={submit}
      aria-label={m.booking_title()}
      noValidate
      className="mt-4 space-y-5"
      data-testid="booking-form"
    >
      <ErrorSummary problems={fields.problems} attempt={fields.attempt} />
      <StaySummary
        stay={stay}
        nights={daysBetween(stay.checkIn, stay.checkOut)}
        guests={party.adults + party.childrenAges.length}
      />
      {quote && plan && (
        <PaymentPlanSection id={id} quote={quote} plan={plan} options={options} taxCents={taxCents} money={money} />
      )}
      <GuestDetailsFields value={value} row={row} />

      <PartyFields
        party={party}
        onChange={setParty}
        capacity={property.capacity}
        taxFromAge={taxFromAge}
        idPrefix={id}
        errorOf={fields.errorOf}
      />

      <PoliciesSection id={id} options={options} checkIn={stay.checkIn} today={today} />
      <AcceptTerms id={id} accepted={accepted} onChange={setAccepted} acceptError={acceptError} />
      {options.methods.length > 0 && (
        <PaymentMethodFields
          id={id}
          methods={options.methods}
          method={method}
          onChange={setMethod}
          multibanco={multibanco}
        />
      )}
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <SubmitButton
        sending={sending}
        label={
          options.mode === 'request'
            ? m.booking_submitRequest()
            : chargedNow(method, plan?.dueNowCents)
              ? m.booking_submitInstant()
              : m.booking_submitBook()
        }
        sendingLabel={m.booking_sending()}
      />
    </form>
  );
}

/**
 * Whether sending the form charges the guest at once: Stripe takes what is due now; a transfer is
 * made later by the guest, and nothing due now is nothing charged.
 */
const chargedNow = (method: PaymentMethod, dueNowCents: number | undefined) => method === 'stripe' && dueNowCents !== 0;

/** The stay's dates as chosen in the panel, said once more, and the party as chosen below. */
function StaySummary({ stay, nights, guests }: { stay: StayChoice; nights: number; guests: number }) {
  return (
    <section className="rounded-xl bg-lake-50 p-4 text-sm text-slate-800" data-testid="stay-summary">
      <h3 className="font-semibold text-lake-800">{m.booking_summaryTitle()}</h3>
      <p className="mt-1">
        {m.booking_summaryDates({ checkIn: formatLongDay(stay.checkIn), checkOut: formatLongDay(stay.checkOut) })}
      </p>
      <p>
        {m.panel_nights({ count: nights })} · {m.panel_guestsOption({ count: guests })}
      </p>
    </section>
  );
}
