import { houseToday } from '../../src/shared/dates.js';
import type { World } from './harness.js';
import type { Today } from './invariants.js';

// The books equal the sum of the movements, counted here from the payments table and the stays
// themselves, never through the report's own code: each booking's paid and refunded sums, and
// each month's gross, refunds, commission and net in the year's report (docs/reports.md).

const OUTSIDE_STATUSES = ['paid', 'completed'];
const monthOf = (iso: string) => houseToday(Date.parse(iso)).slice(0, 7);

export async function booksEqualMovements(world: World, _memory: unknown, today: Today): Promise<string[]> {
  const db = world.site.app.db;
  const [bookings, payments] = await Promise.all([
    db.selectFrom('bookings').selectAll().execute(),
    db.selectFrom('payments').selectAll().where('status', '=', 'succeeded').execute(),
  ]);
  const problems: string[] = [];
  const sum = (rows: typeof payments) => rows.reduce((total, p) => total + p.amountCents, 0);
  for (const b of bookings) {
    const own = payments.filter((p) => p.bookingId === b.id);
    const paid = sum(own.filter((p) => p.kind !== 'refund'));
    const refunded = sum(own.filter((p) => p.kind === 'refund'));
    if (b.channel === 'direct' && b.paidCents !== paid)
      problems.push(`${b.code} counts ${b.paidCents} cents paid; its payments sum to ${paid}`);
    if (b.refundedCents !== refunded)
      problems.push(`${b.code} counts ${b.refundedCents} cents refunded; its refunds sum to ${refunded}`);
  }

  const year = today.day.slice(0, 4);
  const rows = today.report.months ?? [];
  const expected = new Map<string, { gross: number; refunds: number; commission: number }>();
  const add = (month: string, part: 'gross' | 'refunds' | 'commission', cents: number) => {
    if (!month.startsWith(year)) return;
    const e = expected.get(month) ?? { gross: 0, refunds: 0, commission: 0 };
    e[part] += cents;
    expected.set(month, e);
  };
  // A stay from another channel counts at its price on its check-in day, whatever it records as paid.
  const direct = new Set(bookings.filter((b) => b.channel === 'direct').map((b) => b.id));
  for (const p of payments)
    if (p.settledAt && direct.has(p.bookingId))
      add(monthOf(p.settledAt), p.kind === 'refund' ? 'refunds' : 'gross', p.amountCents);
  for (const b of bookings)
    if (b.channel !== 'direct' && OUTSIDE_STATUSES.includes(b.status)) {
      add(b.checkIn.slice(0, 7), 'gross', b.totalCents);
      add(b.checkIn.slice(0, 7), 'commission', b.commissionCents ?? 0);
    }
  const months = new Set([...expected.keys(), ...rows.map((r) => String(r.month))]);
  for (const month of [...months].sort()) {
    const own = rows.filter((r) => String(r.month) === month);
    const total = (field: string) => own.reduce((t, r) => t + Number(r[field] ?? 0), 0);
    const e = expected.get(month) ?? { gross: 0, refunds: 0, commission: 0 };
    for (const [field, cents] of [
      ['grossCents', e.gross],
      ['refundsCents', e.refunds],
      ['commissionCents', e.commission],
    ] as const)
      if (total(field) !== cents)
        problems.push(`${month}: the report's ${field} is ${total(field)}, the movements ${cents}`);
    for (const r of own) {
      const net =
        Number(r.grossCents) -
        Number(r.commissionCents) -
        Number(r.stripeFeeCents) -
        Number(r.refundsCents) -
        Number(r.disputesLostCents ?? 0);
      if (Number(r.netCents) !== net)
        problems.push(`${month} ${String(r.channel)}: net ${String(r.netCents)} is not ${net}`);
    }
  }
  return problems;
}
