import { BALANCE_REMINDER_DAYS } from '../../shared/booking-policy.js';
import { addDays } from '../../shared/date-ranges.js';
import { formatDayIn } from '../../shared/dates.js';
import { languageOf } from '../../shared/locales.js';
import { balanceLinkSent, collectBalance, offSessionKey } from '../payments/balance.js';
import {
  bookingsWithPendingRefunds,
  findPayment,
  findPaymentByKey,
  markChecked,
  pendingPaymentsOf,
  pendingStripePayments,
} from '../payments/payments-data.js';
import { sendRefunds } from '../payments/refunds.js';
import { closeOpenPayments, reconcilePayment } from '../payments/settle.js';
import { inviteReviews } from '../reviews/review-requests.js';
import { text } from '../mail/templates/mail-blocks.js';
import { bankTransferOf } from './bank-transfer.js';
import { sendDuePlanned } from '../stay-record/mail-schedule.js';
import { queueGuestMail, queueOwnerMail } from '../stay-record/booking-mails.js';
import { everInStatus } from '../stay-record/booking-events-data.js';
import { bookingsInStatus, updateBooking } from '../stay-record/bookings-data.js';
import { type BookingContext, isoNow, today } from '../stay-record/context.js';
import { newGuestLink } from '../stay-record/guest-link.js';
import { expireBooking } from './lifecycle.js';
import { tellMissingPlatformStays } from './feed-missing.js';
import { REMINDER_HOW } from '../stay-record/mail-texts.js';
import { reread, transition } from '../stay-record/transition.js';
import type { JobRun } from '../jobs/lease.js';

/** How often each pending Stripe payment is read back from Stripe, webhook or not. */
export const RECONCILE_EVERY_MS = 5 * 60_000;

export type JobCounts = Record<
  'reconciled' | 'expired' | 'balanceDue' | 'reminded' | 'overdue' | 'completed' | 'reviewsAsked' | 'arrivalMails',
  number
>;

/**
 * One run of the bookings' timed work, as of ctx.now(): payments read back from Stripe, holds
 * that ran out, balances due, reminders, overdue balances, stays that ended. Each step is a
 * conditional move or a keyed mail, so a run interrupted half-way is finished by the next. Under
 * a schedule's lease, each step first renews it, and once another server took it the steps left
 * are skipped (docs/decisions/0058-jobs-never-overlap-themselves.md).
 */
export async function runBookingJobs(ctx: BookingContext, job?: JobRun): Promise<JobCounts> {
  const counts: JobCounts = {
    reconciled: 0,
    expired: 0,
    balanceDue: 0,
    reminded: 0,
    overdue: 0,
    completed: 0,
    reviewsAsked: 0,
    arrivalMails: 0,
  };
  const step = async (what: string, fn: () => Promise<void>) => {
    try {
      if (job && !(await job.renew())) return;
      await fn();
    } catch (error) {
      ctx.log.warn({ err: error, step: what }, 'booking job step failed; retried on the next run');
    }
  };
  if (ctx.stripe) {
    for (const payment of await pendingStripePayments(
      ctx.db,
      new Date(ctx.now() - RECONCILE_EVERY_MS + 1000).toISOString(),
    )) {
      await step('reconcile', async () => {
        await markChecked(ctx.db, payment.id, isoNow(ctx));
        // A balance charge whose outcome is unknown is asked again, with its own key (payments/balance.ts).
        if (payment.idempotencyKey === offSessionKey(payment.bookingId) && !payment.stripePaymentIntent)
          await collectBalance(ctx, ctx.stripe, await reread(ctx.db, payment.bookingId));
        const now = await findPayment(ctx.db, payment.id);
        if (now) await reconcilePayment(ctx, ctx.stripe!, now);
        if (payment.kind === 'balance') await closeOpenPayments(ctx, ctx.stripe!, payment.bookingId);
        counts.reconciled++;
      });
    }
  }
  const now = isoNow(ctx);
  for (const booking of await bookingsInStatus(ctx.db, ['requested', 'awaiting_payment'])) {
    if (!booking.holdUntil || booking.holdUntil > now) continue;
    await step('expire', async () => {
      const open = await pendingPaymentsOf(ctx.db, booking.id, ['deposit', 'full']);
      // A page still open (or a Multibanco reference not yet due) is closed and read back first: it may have been paid.
      for (const page of open) {
        if (page.stripeSessionId && ctx.stripe) {
          await ctx.stripe.checkout.sessions
            .expire(page.stripeSessionId, {}, { idempotencyKey: `${page.idempotencyKey}:expire` })
            .catch(() => undefined);
          await reconcilePayment(ctx, ctx.stripe, page);
        }
      }
      if (
        (await pendingPaymentsOf(ctx.db, booking.id, ['deposit', 'full'])).some((p) => p.expiresAt && p.expiresAt > now)
      )
        return;
      const expired = await ctx.db.transaction().execute(async (trx) => {
        const current = await reread(trx, booking.id);
        if (current.status !== booking.status || !current.holdUntil || current.holdUntil > now) return false;
        return expireBooking(
          ctx,
          trx,
          current,
          'job',
          booking.status === 'requested' ? 'The owner did not answer in time' : 'The payment did not arrive in time',
        );
      });
      if (expired) counts.expired++;
    });
  }
  await balances(ctx, counts);
  for (const booking of await bookingsInStatus(ctx.db, ['paid'])) {
    if (booking.checkOut > today(ctx)) continue;
    await step('complete', async () => {
      if (await ctx.db.transaction().execute(async (trx) => transition(trx, booking, 'completed', 'job', isoNow(ctx))))
        counts.completed++;
    });
  }
  await step('arrival mails', async () => void (counts.arrivalMails = await sendDuePlanned(ctx)));
  await step('review requests', async () => void (counts.reviewsAsked = await inviteReviews(ctx)));
  await step('platform stays left their feed', async () => void (await tellMissingPlatformStays(ctx)));
  for (const bookingId of await bookingsWithPendingRefunds(ctx.db))
    await step('refunds', () => sendRefunds(ctx, ctx.stripe, bookingId));
  ctx.wakeMail();
  return counts;
}

/**
 * A balance due and not yet asked of the card is charged, until it is paid, the guest has a link,
 * or the owner decides (marks a transfer, cancels): a run that died between the due day's move and
 * the charge is finished by the next. A charge already sent is followed by the reconcile above.
 */
async function collectDue(ctx: BookingContext, bookingId: string): Promise<void> {
  const booking = await reread(ctx.db, bookingId);
  if (booking.status !== 'balance_due' || booking.paidCents >= booking.totalCents) return;
  if (await findPaymentByKey(ctx.db, offSessionKey(booking.id))) return;
  if (await balanceLinkSent(ctx.db, booking.id)) return;
  // What a paid stay owes after a larger party is the guest's to pay by link, never charged (decision 0069).
  if (await everInStatus(ctx.db, booking.id, 'paid')) return;
  if ((await collectBalance(ctx, ctx.stripe, booking)) && ctx.stripe) {
    for (const payment of await pendingPaymentsOf(ctx.db, booking.id, ['balance']))
      await reconcilePayment(ctx, ctx.stripe, payment);
  }
}

async function balances(ctx: BookingContext, counts: JobCounts): Promise<void> {
  const day = today(ctx);
  const grace = ctx.settings?.balanceGraceDays ?? 3;
  for (const booking of await bookingsInStatus(ctx.db, ['confirmed', 'balance_due'])) {
    if (!booking.balanceDueOn) continue;
    try {
      if (
        booking.status === 'confirmed' &&
        addDays(booking.balanceDueOn, -BALANCE_REMINDER_DAYS) <= day &&
        booking.balanceDueOn > day
      ) {
        const how = (REMINDER_HOW[languageOf(booking.locale) as keyof typeof REMINDER_HOW] ?? REMINDER_HOW.en)[
          booking.stripePaymentMethod ? 'card' : 'link'
        ];
        // A transfer's reminder gives the account this booking was given (bank-transfer.ts).
        const bank = bankTransferOf(ctx, booking, 'bankBalance');
        const sent = await ctx.db.transaction().execute(async (trx) =>
          queueGuestMail(trx, ctx, booking, 'balanceReminder', 'balance-reminder', {
            amount: booking.totalCents - booking.paidCents,
            url: await newGuestLink(trx, ctx, booking),
            extra: bank ? [text(bank.text)] : [],
            fields: { dueOn: formatDayIn(booking.balanceDueOn!, booking.locale), how },
          }),
        );
        if (sent) counts.reminded++;
      }
      if (booking.status === 'confirmed' && booking.balanceDueOn <= day) {
        const moved = await ctx.db
          .transaction()
          .execute(async (trx) => transition(trx, booking, 'balance_due', 'job', isoNow(ctx)));
        if (moved) counts.balanceDue++;
      }
      if (booking.status === 'balance_due' || booking.balanceDueOn <= day) await collectDue(ctx, booking.id);
      if (booking.status === 'balance_due' && !booking.overdueAt && addDays(booking.balanceDueOn, grace) < day) {
        await ctx.db.transaction().execute(async (trx) => {
          await updateBooking(trx, booking.id, { overdueAt: isoNow(ctx) }, isoNow(ctx));
          await queueOwnerMail(trx, ctx, booking, 'overdue', {
            kind: 'overdue',
            fields: ({ day }) => ({ dueOn: day(booking.balanceDueOn!) }),
          });
        });
        counts.overdue++;
      }
    } catch (error) {
      ctx.log.warn({ err: error, booking: booking.code }, 'balance step failed; retried on the next run');
    }
  }
}
