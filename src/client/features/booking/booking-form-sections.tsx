import type { PaymentMethod, PaymentPlan } from '../../../shared/booking-policy';
import type { BookingOptions } from '../../../shared/bookings';
import { INQUIRY_MESSAGE_MAX, INQUIRY_NAME_MAX } from '../../../shared/constants';
import type { Quote } from '../../../shared/quote-schema';
import { cancellationDeadlines } from '../../../shared/booking-text';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { formatLongDay } from '../../lib/format-date';
import { Field } from '../../ui/field';
import { CountryOptions } from '../../ui/country-options';

// The booking form's sections, each drawn from what the form holds (booking-form.tsx).

/** What the stay costs, line by line, and what is paid now and later. */
export function PaymentPlanSection({
  id,
  quote,
  plan,
  options,
  taxCents,
  money,
}: {
  id: string;
  quote: Quote;
  plan: PaymentPlan;
  options: BookingOptions;
  taxCents: number;
  money: (cents: number) => string;
}) {
  return (
    <section
      aria-labelledby={`${id}-pay`}
      className="rounded-xl bg-sand-50 p-4 text-sm text-slate-800"
      data-testid="booking-plan"
    >
      <h3 id={`${id}-pay`} className="font-semibold text-lake-800">
        {m.booking_paymentTitle()}
      </h3>
      <ul className="mt-1 space-y-0.5" aria-label={m.booking_linesTitle()} data-testid="booking-lines">
        {quote.lines.map((line) => (
          <li key={line.label} className="flex justify-between gap-4" data-kind={line.kind}>
            <span>{line.label}</span>
            <span className="whitespace-nowrap">{money(line.amount)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-1">
        {m.booking_total()}: <strong>{money(quote.total)}</strong>
      </p>
      <p>
        {m.booking_dueNow({ amount: money(plan.dueNowCents) })}
        {plan.balanceDueOn ? ` — ${m.booking_depositWord({ percent: options.depositPercent })}` : ''}
      </p>
      <p>
        {plan.balanceDueOn
          ? m.booking_balanceLater({ amount: money(plan.balanceCents), date: formatLongDay(plan.balanceDueOn) })
          : m.booking_paidInFull()}
      </p>
      {taxCents > 0 && <p className="mt-1 text-slate-600">{m.booking_taxNote()}</p>}
    </section>
  );
}

export type GuestDetails = {
  name: string;
  email: string;
  phone: string;
  country: string;
  nif: string;
  message: string;
};

/** The guest's name, address, phone, country, tax number and message. */
export function GuestDetailsFields({
  value,
  row,
}: {
  value: (name: keyof GuestDetails) => {
    name: string;
    value: string;
    onChange: (e: { target: { value: string } }) => void;
  };
  row: (name: keyof GuestDetails) => { id: string; error: string | undefined };
}) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold text-lake-800">{m.booking_detailsTitle()}</legend>
      <Field {...row('name')} label={m.inquiry_name()}>
        {(control) => (
          <input {...control} {...value('name')} required maxLength={INQUIRY_NAME_MAX} autoComplete="name" />
        )}
      </Field>
      <Field {...row('email')} label={m.inquiry_email()}>
        {(control) => <input {...control} {...value('email')} type="email" required autoComplete="email" />}
      </Field>
      <Field {...row('phone')} label={m.booking_phone()}>
        {(control) => <input {...control} {...value('phone')} type="tel" autoComplete="tel" />}
      </Field>
      <Field {...row('country')} label={m.booking_country()}>
        {(control) => (
          <select {...control} {...value('country')} required autoComplete="country">
            <option value="">{m.booking_countryChoose()}</option>
            <CountryOptions code="alpha2" />
          </select>
        )}
      </Field>
      <Field {...row('nif')} label={m.booking_nif()} hint={m.booking_nifHint()} className="sm:col-span-2">
        {(control) => <input {...control} {...value('nif')} maxLength={30} autoComplete="off" />}
      </Field>
      <Field {...row('message')} label={m.booking_message()} className="sm:col-span-2">
        {(control) => <textarea {...control} {...value('message')} rows={3} maxLength={INQUIRY_MESSAGE_MAX} />}
      </Field>
    </fieldset>
  );
}

/** The cancellation policy for these dates, the right of withdrawal and the house rules. */
export function PoliciesSection({
  id,
  options,
  checkIn,
  today,
}: {
  id: string;
  options: BookingOptions;
  checkIn: string;
  today: string;
}) {
  return (
    <section aria-labelledby={`${id}-policy`} className="space-y-2 text-sm text-slate-800">
      <h3 id={`${id}-policy`} className="font-semibold text-lake-800">
        {m.booking_policyTitle()}
      </h3>
      <ul className="list-disc pl-5" data-testid="cancellation-policy">
        {cancellationDeadlines(options.cancellation, checkIn, pageLocale, today).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p data-testid="no-withdrawal">{options.noWithdrawal}</p>
      <h3 className="pt-2 font-semibold text-lake-800">{m.booking_houseRulesTitle()}</h3>
      <p className="whitespace-pre-line" data-testid="house-rules">
        {options.houseRules}
      </p>
    </section>
  );
}

/** The box that accepts the policies and the house rules, with its refusal under it. */
export function AcceptTerms({
  id,
  accepted,
  onChange,
  acceptError,
}: {
  id: string;
  accepted: boolean;
  onChange: (accepted: boolean) => void;
  acceptError: string | undefined;
}) {
  return (
    <div className="flex items-start gap-2">
      <input
        id={`${id}-accept`}
        type="checkbox"
        checked={accepted}
        onChange={(e) => onChange(e.target.checked)}
        required
        aria-invalid={acceptError ? true : undefined}
        aria-describedby={acceptError ? `${id}-accept-error` : undefined}
        className="mt-1 size-4"
      />
      <div>
        <label htmlFor={`${id}-accept`} className="text-sm text-slate-800">
          {m.booking_accept()}
        </label>
        {acceptError && (
          <p id={`${id}-accept-error`} className="mt-1 text-sm text-red-700">
            {acceptError}
          </p>
        )}
      </div>
    </div>
  );
}

/** How to pay: by card through Stripe (Multibanco too when there is time), or by transfer. */
export function PaymentMethodFields({
  id,
  methods,
  method,
  onChange,
  multibanco,
}: {
  id: string;
  methods: PaymentMethod[];
  method: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  multibanco: boolean;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-lake-800">{m.booking_methodTitle()}</legend>
      {methods.map((option) => (
        <div key={option} className="mt-2 flex items-center gap-2">
          <input
            id={`${id}-method-${option}`}
            type="radio"
            name="paymentMethod"
            value={option}
            checked={method === option}
            onChange={() => onChange(option)}
            className="size-4"
          />
          <label htmlFor={`${id}-method-${option}`} className="text-sm text-slate-800">
            {option === 'bank_transfer'
              ? m.booking_methodBank()
              : multibanco
                ? m.booking_methodStripeMultibanco()
                : m.booking_methodStripe()}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
