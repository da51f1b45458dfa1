import { FINAL_STATUSES, HOLDING_STATUSES } from '../../src/shared/booking-status.js';
import { addDays } from '../../src/shared/date-ranges.js';
import { houseToday } from '../../src/shared/dates.js';
import { apiPathOf } from '../support/server/booking-site.js';
import { send, type Guest } from './actions.js';
import { PROFILE, type World } from './harness.js';
import { booksEqualMovements } from './ledger.js';

// What must hold after every simulated day, whatever happened in it. Each check answers the
// problems it found in words that name the booking; the season prefixes the day and the
// invariant's name, so a failure reads "2027-06-14 one-document-per-payment: …".

export interface Memory {
  /** Every guest link the season holds, by booking code. */
  guests: Map<string, Guest>;
  /** A closed month's tax return and report rows, by leaf, as last seen after the month ended. */
  frozen: Map<string, Map<string, string>>;
  /** The bookings in a final status, by code, with their row's stamp when last compared. */
  settled: Map<string, string>;
  /** The data's stamp at the last check (dataStamp). */
  stamp?: string;
}

/** What the checks of one day share: the day, and the year's report as the owner reads it. */
export interface Today {
  day: string;
  report: { months?: Array<Record<string, number | string>> };
}

export type Invariant = (world: World, memory: Memory, today: Today) => Promise<string[]>;

const admin = async (world: World, url: string) => {
  const answer = await send(world, 'GET', url, undefined, true);
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
};

/** Never two live stays on one night. */
const oneStayPerNight: Invariant = async (world) => {
  const live = await world.site.app.db
    .selectFrom('bookings')
    .select(['code', 'checkIn', 'checkOut', 'status'])
    .where('status', 'in', [...HOLDING_STATUSES])
    .orderBy('checkIn')
    .execute();
  const problems: string[] = [];
  for (const [i, a] of live.entries())
    for (const b of live.slice(i + 1))
      if (b.checkIn < a.checkOut && a.checkIn < b.checkOut)
        problems.push(
          `${a.code} (${a.status}, ${a.checkIn}–${a.checkOut}) and ${b.code} (${b.status}, ${b.checkIn}–${b.checkOut}) share a night`,
        );
  return problems;
};

/** Every settled payment and refund has exactly one certified document of its kind. */
const oneDocumentPerPayment: Invariant = async (world) => {
  const db = world.site.app.db;
  const [payments, documents] = await Promise.all([
    db
      .selectFrom('payments')
      .innerJoin('bookings', 'bookings.id', 'payments.bookingId')
      .select(['payments.id', 'payments.kind', 'payments.amountCents', 'payments.method', 'bookings.code'])
      .where('payments.status', '=', 'succeeded')
      .execute(),
    db.selectFrom('invoiceDocuments').selectAll().where('correctsDocumentId', 'is', null).execute(),
  ]);
  const problems: string[] = [];
  for (const p of payments) {
    const own = documents.filter((d) => d.forPaymentId === p.id);
    const kind = p.kind === 'refund' ? 'credit_note' : 'invoice_receipt';
    const what = `${p.code}'s ${p.kind} of ${p.amountCents} cents (${p.method})`;
    if (own.length !== 1) problems.push(`${what} has ${own.length} documents`);
    else if (own[0]!.kind !== kind) problems.push(`${what} has a ${own[0]!.kind}, not a ${kind}`);
    else if (!['final', 'sent'].includes(own[0]!.status))
      problems.push(`${what} has its document ${own[0]!.status}${own[0]!.error ? ` (${own[0]!.error})` : ''}`);
    else if (own[0]!.amountCents !== p.amountCents)
      problems.push(`${what} has a document of ${own[0]!.amountCents} cents`);
  }
  return problems;
};

/** Every foreign guest's bulletin (arrival and departure) reached SIBA by its day. */
const bulletinsInTime: Invariant = async (world) => {
  const today = houseToday(world.clock.now());
  const problems: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: Array<Record<string, unknown>>; nextCursor: string | null } = await admin(
      world,
      `/api/admin/registrations${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    for (const item of page.items)
      for (const movement of ['arrival', 'departure'] as const) {
        const bulletin = item[movement] as { dueBy: string; state: string; sentAt?: string | null } | null;
        if (!bulletin) continue;
        const dueDay = bulletin.dueBy.slice(0, 10);
        if (bulletin.state === 'sent' && bulletin.sentAt && houseToday(Date.parse(bulletin.sentAt)) > dueDay)
          problems.push(`${item.bookingCode}'s ${movement} bulletin was sent on ${bulletin.sentAt}, after ${dueDay}`);
        if (bulletin.state !== 'sent' && dueDay < today)
          problems.push(`${item.bookingCode}'s ${movement} bulletin, due by ${dueDay}, is ${bulletin.state}`);
      }
    cursor = page.nextCursor as string | null;
  } while (cursor);
  return problems;
};

/** Every leaf of a JSON value by its path (`taxReturn.items.0.amountCents`), to name what changed. */
function leaves(value: unknown, path = '', out = new Map<string, string>()): Map<string, string> {
  if (value !== null && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) leaves(child, path ? `${path}.${key}` : key, out);
  else out.set(path, JSON.stringify(value));
  return out;
}

/** A closed month's tourist-tax return and its report rows never change. */
const pastMonthsFrozen: Invariant = async (world, memory, { day, report }) => {
  const year = Number(day.slice(0, 4));
  const problems: string[] = [];
  const months: string[] = [];
  for (let m = 1; `${year}-${String(m).padStart(2, '0')}` < day.slice(0, 7); m++)
    months.push(`${year}-${String(m).padStart(2, '0')}`);
  const returns = await Promise.all(months.map((month) => admin(world, `/api/admin/tourist-tax?month=${month}`)));
  for (const [i, month] of months.entries()) {
    // A channel's first stay adds its rows to every month, all zero but the nights available:
    // no figure of the closed month changes by that.
    const rows = (report.months ?? []).filter(
      (r) =>
        r.month === month && Object.entries(r).some(([k, v]) => typeof v === 'number' && v !== 0 && k !== 'available'),
    );
    const now = leaves({ taxReturn: returns[i], rows });
    const before = memory.frozen.get(month);
    memory.frozen.set(month, now);
    if (!before) continue;
    const changed = [...new Set([...before.keys(), ...now.keys()])].filter((k) => before.get(k) !== now.get(k));
    if (changed.length > 0)
      problems.push(
        `${month} changed after it closed: ${changed.map((k) => `${k} ${before.get(k) ?? '-'} → ${now.get(k) ?? '-'}`).join(', ')}`,
      );
  }
  return problems;
};

/** Each guest's page and the owner's page of the booking agree on what is paid, owed and owed back. */
const guestPageAgrees: Invariant = async (world, memory) => {
  const problems: string[] = [];
  const fields = ['status', 'checkIn', 'checkOut', 'totalCents', 'paidCents', 'refundedCents', 'dueCents'];
  // A booking nothing can move any more (over, and its row unchanged since it was last compared)
  // shows both pages what it showed them yesterday: compared again only when its row changes.
  const rows = await world.site.app.db
    .selectFrom('bookings')
    .select(['code', 'status', 'updatedAt', 'paidCents', 'refundedCents'])
    .execute();
  const stamps = new Map(rows.map((r) => [r.code, `${r.status} ${r.updatedAt} ${r.paidCents} ${r.refundedCents}`]));
  for (const guest of memory.guests.values()) {
    const stamp = stamps.get(guest.code);
    if (stamp && memory.settled.get(guest.code) === stamp) continue;
    const seen = await send(world, 'GET', apiPathOf(guest.url));
    const owner = await admin(world, `/api/admin/bookings/${guest.code}`);
    // A guest link ends 90 days after the stay's check-out (410, stay-record/guest-link.ts): the page
    // is gone, and so is any disagreement it could show.
    const over = houseToday(world.clock.now()) >= addDays(owner.checkOut as string, 90);
    if (seen.status === 410 && over) {
      memory.guests.delete(guest.code);
      continue;
    }
    if (seen.status !== 200) {
      problems.push(`${guest.code}'s guest page answers ${seen.status}`);
      continue;
    }
    // Every sum in cents both pages carry (what is paid, owed, refunded, owed back), by its name;
    // but dueNowCents, the deposit asked on the owner's page and what is left of it on the guest's.
    const sums = Object.keys(seen.body).filter((f) => f.endsWith('Cents') && f in owner && f !== 'dueNowCents');
    const differ = [...new Set([...fields, ...sums])].filter(
      (f) => JSON.stringify(seen.body[f]) !== JSON.stringify(owner[f]),
    );
    if (FINAL_STATUSES.includes(owner.status) && stamp) memory.settled.set(guest.code, stamp);
    if (differ.length > 0)
      problems.push(
        `${guest.code}: the guest sees ${differ.map((f) => `${f} ${JSON.stringify(seen.body[f])}`).join(', ')}; the owner ${differ.map((f) => `${f} ${JSON.stringify(owner[f])}`).join(', ')}`,
      );
  }
  return problems;
};

export const INVARIANTS: Record<string, Invariant> = {
  'one-stay-per-night': oneStayPerNight,
  'one-document-per-payment': oneDocumentPerPayment,
  'bulletins-in-time': bulletinsInTime,
  'past-months-frozen': pastMonthsFrozen,
  'books-equal-movements': booksEqualMovements,
  'guest-page-agrees': guestPageAgrees,
};

/** What the data-bound checks read, in one line: it changes whenever a stay, a payment, a document, the content or the server does. */
async function dataStamp(world: World): Promise<string> {
  const db = world.site.app.db;
  const stamp = (table: 'bookings' | 'payments' | 'invoiceDocuments' | 'contentVersions' | 'feedEvents', at: string) =>
    db
      .selectFrom(table)
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max(at as never).as('at')])
      .executeTakeFirstOrThrow();
  const parts = await Promise.all([
    stamp('bookings', 'updatedAt'),
    stamp('payments', 'settledAt'),
    stamp('invoiceDocuments', 'updatedAt'),
    stamp('contentVersions', 'publishedAt'),
    stamp('feedEvents', 'uid'),
  ]);
  return JSON.stringify([parts, world.restarts, world.restores]);
}

/**
 * The checks that read only the data (every one but the bulletins', whose deadlines pass with the
 * days) give yesterday's answer when nothing in the data moved: on such a quiet day they are not
 * asked again, except on the 1st, when a month closes (docs/decisions/0057-a-simulated-season.md).
 */
const TIME_BOUND = new Set(['bulletins-in-time']);

/** Every invariant's problems after `day`, each naming its invariant. */
export async function checkDay(
  world: World,
  memory: Memory,
  day: string,
): Promise<Array<{ day: string; invariant: string; text: string }>> {
  const failures = [];
  const stamp = await dataStamp(world);
  const quiet = stamp === memory.stamp && !day.endsWith('-01');
  memory.stamp = stamp;
  const today = { day, report: quiet ? {} : await admin(world, `/api/admin/reports?year=${day.slice(0, 4)}`) };
  for (const [invariant, check] of Object.entries(INVARIANTS)) {
    if (quiet && !TIME_BOUND.has(invariant)) continue;
    const start = performance.now();
    for (const text of await check(world, memory, today)) failures.push({ day, invariant, text });
    PROFILE.set(invariant, (PROFILE.get(invariant) ?? 0) + performance.now() - start);
  }
  return failures;
}
