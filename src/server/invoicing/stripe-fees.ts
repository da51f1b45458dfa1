import type { BookingContext } from '../stay-record/context.js';

// Stripe's fee of each settled card payment, read from its charge's balance transaction, never
// guessed: kept on the payment for the reports. Read by the invoicing job after the payment
// settled, so a Stripe hiccup only delays it to the next run.

export async function readStripeFees(ctx: BookingContext, limit = 50): Promise<number> {
  const stripe = ctx.stripe;
  if (!stripe) return 0;
  const rows = await ctx.db
    .selectFrom('payments')
    .select(['id', 'stripePaymentIntent'])
    .where('status', '=', 'succeeded')
    .where('method', '=', 'stripe')
    .where('kind', '!=', 'refund')
    .where('stripeFeeCents', 'is', null)
    .where('stripePaymentIntent', 'is not', null)
    .limit(limit)
    .execute();
  let read = 0;
  for (const row of rows) {
    const intent = await stripe.paymentIntents.retrieve(row.stripePaymentIntent as string, {
      expand: ['latest_charge'],
    });
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const transaction = charge?.balance_transaction;
    const id = typeof transaction === 'string' ? transaction : transaction?.id;
    if (!id) continue;
    const balance = await stripe.balanceTransactions.retrieve(id);
    await ctx.db.updateTable('payments').set({ stripeFeeCents: balance.fee }).where('id', '=', row.id).execute();
    read++;
  }
  return read;
}
