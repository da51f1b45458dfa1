import type { PropertyContent } from '../../shared/content.js';

// The account guests pay a transfer into (`booking.bankTransfer`): the one part of the content
// whose change sends money elsewhere. A publish that changes it needs a fresh proof, is audited,
// and is mailed to the owner, each naming only the IBAN's last four characters
// (docs/decisions/0063-the-iban-and-the-last-doors.md).

export type BankAccount = NonNullable<NonNullable<PropertyContent['booking']>['bankTransfer']>;

/** The account in a content document, stored or checked; null when it has none. */
export function bankAccountOf(document: unknown): BankAccount | null {
  const account = (document as { booking?: { bankTransfer?: BankAccount } } | null)?.booking?.bankTransfer;
  if (!account || typeof account.iban !== 'string') return null;
  return {
    iban: account.iban.replace(/\s+/g, '').toUpperCase(),
    holder: account.holder,
    ...(account.bic ? { bic: account.bic } : {}),
  };
}

export function bankAccountChanged(before: BankAccount | null, after: BankAccount | null): boolean {
  if (before === null || after === null) return before !== after;
  return before.iban !== after.iban || before.holder !== after.holder || (before.bic ?? null) !== (after.bic ?? null);
}

/** What a log, the audit list or a mail may say of an IBAN: its last four characters. */
export const ibanEnd = (account: BankAccount | null): string | null => (account ? `…${account.iban.slice(-4)}` : null);

/** The audit entry's detail, in no language: `…0155 → …6789`, `—` for no account. */
export const bankChangeDetail = (before: BankAccount | null, after: BankAccount | null): string =>
  `${ibanEnd(before) ?? '—'} → ${ibanEnd(after) ?? '—'}`;
