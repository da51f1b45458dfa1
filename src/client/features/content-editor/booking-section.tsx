import { BOOKING_MODES, STRIPE_METHODS } from '../../../shared/booking-policy';
import { CancellationTiers } from './cancellation-tiers';
import { ChoiceList } from './choice-list';
import { EditorSection } from './editor-section';
import { LocalizedInput } from './localized-input';
import { blankText } from './localized-paths';
import { OptionalGroup } from './optional-group';
import { NumberInput, PlainInput, SelectInput } from './plain-inputs';
import { m } from '../../i18n/paraglide/messages';

const MODE_LABELS: Record<(typeof BOOKING_MODES)[number], () => string> = {
  inquiry: m.editor_mode_inquiry,
  request: m.editor_mode_request,
  instant: m.editor_mode_instant,
};
const METHOD_LABELS: Record<(typeof STRIPE_METHODS)[number], () => string> = {
  card: m.editor_method_card,
  multibanco: m.editor_method_multibanco,
  mb_way: m.editor_method_mbWay,
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
    <EditorSection id="booking" title={m.editor_booking()}>
      <OptionalGroup path="booking" label={m.editor_bookingOptional()} initial={initialBooking(locales)}>
        <SelectInput
          path="booking.mode"
          label={m.editor_bookingMode()}
          options={BOOKING_MODES.map((mode) => ({ value: mode, label: MODE_LABELS[mode]() }))}
        />
        <div className="grid gap-3 md:grid-cols-3">
          <NumberInput path="booking.depositPercent" label={m.editor_depositPercent()} min={1} max={100} />
          <NumberInput path="booking.balanceDaysBeforeArrival" label={m.editor_balanceDays()} min={0} />
          <NumberInput path="booking.balanceGraceDays" label={m.editor_balanceGrace()} min={0} />
          <NumberInput path="booking.requestResponseHours" label={m.editor_requestHours()} min={1} max={168} />
          <NumberInput path="booking.offerHoldHours" label={m.editor_offerHours()} min={1} max={336} />
          <NumberInput path="booking.bankTransferHoldDays" label={m.editor_bankHoldDays()} min={1} max={30} />
        </div>
        <ChoiceList
          path="booking.stripeMethods"
          legend={m.editor_stripeMethods()}
          hint={m.editor_stripeMethodsHint()}
          options={STRIPE_METHODS.filter((method) => method !== 'card').map((method) => ({
            value: method,
            label: METHOD_LABELS[method](),
          }))}
          always={['card']}
        />
        {!stripeConfigured && (
          <p role="note" data-testid="stripe-not-set" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {m.editor_stripeNotSet()}
          </p>
        )}
        <OptionalGroup
          path="booking.bankTransfer"
          label={m.editor_bankTransfer()}
          initial={() => ({ iban: '', holder: '' })}
        >
          <div className="grid gap-3 md:grid-cols-3">
            <PlainInput path="booking.bankTransfer.iban" label={m.editor_iban()} />
            <PlainInput path="booking.bankTransfer.holder" label={m.editor_accountHolder()} />
            <PlainInput path="booking.bankTransfer.bic" label={m.editor_bic()} hint={m.editor_optional()} optional />
          </div>
        </OptionalGroup>
        <CancellationTiers />
        <LocalizedInput path="booking.houseRules" label={m.editor_houseRules()} locales={locales} multiline />
      </OptionalGroup>
    </EditorSection>
  );
}
