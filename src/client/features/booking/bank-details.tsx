import { Fragment } from 'react';
import type { BookingCreated } from '../../../shared/bookings';
import { m } from '../../i18n/paraglide/messages';
import { ResultHeading } from '../../ui/result-heading';

type Transfer = NonNullable<BookingCreated['bankTransfer']>;

/** The IBAN in its printed groups of four, so a narrow screen wraps between groups, never inside one. */
const ibanGroups = (iban: string) => iban.replace(/\s+/g, '').match(/.{1,4}/g) ?? [];

/** The transfer to make: to whom, how much, with which reference, by when. */
export function BankDetails({
  transfer,
  money,
  day,
  title = m.booking_bankTitle(),
  focusTitle = false,
}: {
  transfer: Transfer;
  /** The box's heading: by default the held booking's ("please make the transfer"). */
  title?: string;
  money: (cents: number) => string;
  day: (day: string) => string;
  /** The box is what a booking just made led to: its heading takes the focus. */
  focusTitle?: boolean;
}) {
  return (
    <section aria-labelledby="bank-details-title" data-testid="bank-details">
      {focusTitle ? (
        <ResultHeading id="bank-details-title" className="text-lg font-semibold text-lake-800">
          {title}
        </ResultHeading>
      ) : (
        <h3 id="bank-details-title" className="text-lg font-semibold text-lake-800">
          {title}
        </h3>
      )}
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">{m.booking_bankIban()}</dt>
        <dd className="font-mono" data-testid="bank-iban">
          {ibanGroups(transfer.iban).map((group, i) => (
            <Fragment key={i}>
              {i > 0 && ' '}
              <span className="whitespace-nowrap">{group}</span>
            </Fragment>
          ))}
        </dd>
        <dt className="font-medium">{m.booking_bankHolder()}</dt>
        <dd>{transfer.holder}</dd>
        <dt className="font-medium">{m.booking_bankReference()}</dt>
        <dd className="font-mono" data-testid="bank-reference">
          {transfer.reference}
        </dd>
        <dt className="font-medium">{m.booking_bankAmount()}</dt>
        <dd>{money(transfer.amountCents)}</dd>
        <dt className="font-medium">{m.booking_bankDueBy()}</dt>
        <dd>{day(transfer.dueBy)}</dd>
      </dl>
    </section>
  );
}
