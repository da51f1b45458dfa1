import type { BookingStatus } from '../../../shared/booking-status';
import type { AdminBooking } from '../../../shared/bookings';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';

// Codes the owner reads in words, in the admin's language (docs/decisions/0046-admin-language.md):
// `pt-PT` → "European Portuguese" / "português europeu", `GB` → "United Kingdom" / "Reino Unido".

/** A language tag in words; the tag itself when Intl does not know it. */
export function languageInWords(locale: string): string {
  try {
    return new Intl.DisplayNames([pageLocale], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

/** A country's ISO code in words; the code itself when Intl does not know it. */
export function countryInWords(code: string): string {
  try {
    return new Intl.DisplayNames([pageLocale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

type Payment = AdminBooking['payments'][number];

/** How a payment row was paid, in the owner's list. */
export const PAID_BY: Record<Payment['method'], () => string> = {
  stripe: m.adminUi_paidBy_stripe,
  bank_transfer: m.adminUi_paidBy_bank_transfer,
  owner: m.adminUi_paidBy_owner,
};

/** How the money came: a stay entered from another channel was paid there, never here (docs/stays.md). */
export const PAYMENT_WORDS: Partial<Record<AdminBooking['paymentMethod'], () => string>> = {
  stripe: m.adminUi_paymentMethod_stripe,
  platform: m.adminUi_paymentMethod_platform,
  owner: m.adminUi_paymentMethod_owner,
};

export const STATUS_WORDS: Record<BookingStatus, () => string> = {
  requested: m.adminUi_status_requested,
  awaiting_payment: m.adminUi_status_awaiting_payment,
  confirmed: m.adminUi_status_confirmed,
  balance_due: m.adminUi_status_balance_due,
  paid: m.adminUi_status_paid,
  completed: m.adminUi_status_completed,
  declined: m.adminUi_status_declined,
  expired: m.adminUi_status_expired,
  cancelled: m.adminUi_status_cancelled,
};

export const ACTOR_WORDS: Record<AdminBooking['history'][number]['by'], () => string> = {
  guest: m.adminUi_actor_guest,
  owner: m.adminUi_actor_owner,
  payment: m.adminUi_actor_payment,
  job: m.adminUi_actor_job,
};

export const PAYMENT_KIND_WORDS: Record<Payment['kind'], () => string> = {
  deposit: m.adminUi_paymentKind_deposit,
  full: m.adminUi_paymentKind_full,
  balance: m.adminUi_paymentKind_balance,
  refund: m.adminUi_paymentKind_refund,
};

export const PAYMENT_STATE_WORDS: Record<Payment['status'], () => string> = {
  pending: m.adminUi_paymentState_pending,
  succeeded: m.adminUi_paymentState_succeeded,
  failed: m.adminUi_paymentState_failed,
  expired: m.adminUi_paymentState_expired,
};

/** Stripe's dispute statuses in words; one Stripe adds later keeps its own name. */
export function disputeStatus(status: string): string {
  const words: Record<string, () => string> = {
    warning_needs_response: m.adminUi_dispute_warning_needs_response,
    warning_under_review: m.adminUi_dispute_warning_under_review,
    warning_closed: m.adminUi_dispute_warning_closed,
    needs_response: m.adminUi_dispute_needs_response,
    under_review: m.adminUi_dispute_under_review,
    won: m.adminUi_dispute_won,
    lost: m.adminUi_dispute_lost,
  };
  return words[status]?.() ?? status.replace(/_/g, ' ');
}
