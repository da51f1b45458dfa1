import { houseToday } from '../../src/shared/dates.js';
import { PROFILE, type World } from './harness.js';
import { type Failure, type SeasonResult, timing } from './season-run.js';

// The season in a few lines: what happened (stays by channel and status, the money, the documents,
// the bulletins, the mails by kind, restarts and restores) and, per invariant, how many problems
// and the first one with its day.

const count = <T>(items: readonly T[], by: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(by(item), (counts.get(by(item)) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k} ${n}`).join(', ');
};

export async function seasonSummary(world: World, result: SeasonResult, seconds: number): Promise<string> {
  const db = world.site.app.db;
  const [bookings, payments, documents, bulletins] = await Promise.all([
    db.selectFrom('bookings').select(['channel', 'status', 'code', 'name', 'checkOut']).execute(),
    db.selectFrom('payments').select(['kind', 'method', 'status', 'amountCents']).execute(),
    db.selectFrom('invoiceDocuments').select(['kind', 'status']).execute(),
    db.selectFrom('sibaBulletins').select(['movement', 'status']).execute(),
  ]);
  const settled = payments.filter((p) => p.status === 'succeeded');
  const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;
  const received = settled.filter((p) => p.kind !== 'refund').reduce((t, p) => t + p.amountCents, 0);
  const refunded = settled.filter((p) => p.kind === 'refund').reduce((t, p) => t + p.amountCents, 0);
  const byInvariant = new Map<string, Failure[]>();
  for (const f of result.failures) byInvariant.set(f.invariant, [...(byInvariant.get(f.invariant) ?? []), f]);
  const lines = [
    `The season: ${result.days} days, ${result.steps} steps, ${seconds.toFixed(1)} s (timed work ${(timing.work / 1000).toFixed(1)} s, checks ${(timing.checks / 1000).toFixed(1)} s)`,
    `  stays: ${count(bookings, (b) => `${b.channel}/${b.status}`)}`,
    `  past and not over: ${
      bookings
        .filter(
          (b) =>
            b.checkOut < houseToday(world.clock.now()) &&
            !['completed', 'cancelled', 'expired', 'declined'].includes(b.status),
        )
        .map((b) => `${b.code} (${b.name}, ${b.status})`)
        .join(', ') || 'none'
    }`,
    `  payments: ${count(settled, (p) => `${p.kind}/${p.method}`)}; received ${euros(received)}, refunded ${euros(refunded)}`,
    `  documents: ${count(documents, (d) => `${d.kind}/${d.status}`)}`,
    `  bulletins: ${count(bulletins, (b) => `${b.movement}/${b.status}`)}`,
    `  mails: ${[...result.mails.kinds].map(([k, n]) => `${k} ${n}`).join(', ')}`,
    `  seconds: ${[...PROFILE].map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)}`).join(', ')}`,
    `  restarts ${world.restarts}, restores ${world.restores}, SIBA files ${world.siba.accepted.length}, invoices ${world.invoicing.documents.length}`,
    result.failures.length === 0 ? '  every invariant held every day' : `  ${result.failures.length} problems:`,
    ...[...byInvariant].map(
      ([invariant, all]) => `    ${invariant}: ${all.length}, first ${all[0]!.day}: ${all[0]!.text.slice(0, 300)}`,
    ),
  ];
  return lines.join('\n');
}

/** The failures as the test reports them: each naming its day and invariant. */
export const failureLines = (failures: readonly Failure[]) =>
  failures.map((f) => `${f.day} ${f.invariant}: ${f.text}`).join('\n');
