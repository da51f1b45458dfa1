import { BOOKING_MODES, STRIPE_METHODS } from '../../../shared/booking-policy';
import { CancellationTiers } from './cancellation-tiers';
import { ChoiceList } from './choice-list';
import { EditorSection } from './editor-section';
import { LocalizedInput } from './localized-input';
import { blankText } from './localized-paths';
import { OptionalGroup } from './optional-group';
import { NumberInput, PlainInput, SelectInput } from './plain-inputs';

const MODE_LABELS: Record<(typeof BOOKING_MODES)[number], string> = {
  inquiry: 'Inquiries only: guests ask, nothing is booked',
  request: 'Requests: guests pay a deposit, the owner accepts or declines',
  instant: 'Instant: guests book and pay at once',
};
const METHOD_LABELS: Record<(typeof STRIPE_METHODS)[number], string> = {
  card: 'Card',
  multibanco: 'Multibanco reference',
  mb_way: 'MB WAY',
};

/** The settings of a new booking (docs/decisions/0019-direct-booking.md), as the content file's `booking`. */
const initialBooking = (locales: readonly string[]) => () => ({
  mode: 'inquiry',
  depositPercent: 30,
  balanceDaysBeforeArrival: 30,
  balanceGraceDays: 3,
  requestResponseHours: 48,
  offerHoldHours: 48,
  bankTransferHoldDays: 3,
  cancellation: [{ daysBeforeArrival: 0, refundPercent: 0 }],
  houseRules: blankText(locales),
  stripeMethods: ['card'],
});

/** How guests book and pay, the cancellation policy and the house rules they accept. */
export function BookingSection({
  locales,
  stripeConfigured,
}: {
  locales: readonly string[];
  stripeConfigured: boolean;
}) {
  return (
    <EditorSection id="booking" title="Booking and payment">
      <OptionalGroup
        path="booking"
        label="Set booking and payment (unticked, the site takes inquiries only)"
        initial={initialBooking(locales)}
      >
        <SelectInput
          path="booking.mode"
          label="Booking mode"
          options={BOOKING_MODES.map((mode) => ({ value: mode, label: MODE_LABELS[mode] }))}
        />
        <div className="grid gap-3 md:grid-cols-3">
          <NumberInput path="booking.depositPercent" label="Deposit (%)" min={1} max={100} />
          <NumberInput path="booking.balanceDaysBeforeArrival" label="Balance due (days before arrival)" min={0} />
          <NumberInput path="booking.balanceGraceDays" label="Grace days after the balance is due" min={0} />
          <NumberInput path="booking.requestResponseHours" label="Hours to answer a request" min={1} max={168} />
          <NumberInput path="booking.offerHoldHours" label="Hours an offer holds the dates" min={1} max={336} />
          <NumberInput
            path="booking.bankTransferHoldDays"
            label="Days a bank transfer holds the dates"
            min={1}
            max={30}
          />
        </div>
        <ChoiceList
          path="booking.stripeMethods"
          legend="Stripe payment methods"
          hint="Card is always offered; tick only what your Stripe account has enabled."
          options={STRIPE_METHODS.filter((method) => method !== 'card').map((method) => ({
            value: method,
            label: METHOD_LABELS[method],
          }))}
          always={['card']}
        />
        {!stripeConfigured && (
          <p role="note" data-testid="stripe-not-set" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            Stripe is not set up on this server (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are unset), so guests
            cannot pay by card, MB WAY or Multibanco: only a bank transfer, if you accept one below. See
            docs/payments.md.
          </p>
        )}
        <OptionalGroup
          path="booking.bankTransfer"
          label="Accept bank transfers"
          initial={() => ({ iban: '', holder: '' })}
        >
          <div className="grid gap-3 md:grid-cols-3">
            <PlainInput path="booking.bankTransfer.iban" label="IBAN" />
            <PlainInput path="booking.bankTransfer.holder" label="Account holder" />
            <PlainInput path="booking.bankTransfer.bic" label="BIC" hint="Optional" optional />
          </div>
        </OptionalGroup>
        <CancellationTiers />
        <LocalizedInput path="booking.houseRules" label="House rules" locales={locales} multiline />
      </OptionalGroup>
    </EditorSection>
  );
}
