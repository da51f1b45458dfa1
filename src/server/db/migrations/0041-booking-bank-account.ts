import type { Kysely } from 'kysely';

// Each booking keeps the account it was given for a transfer in its terms (stay-record/terms.ts), so
// its page and its reminders show that one and not the account published later
// (docs/decisions/0063-the-iban-and-the-last-doors.md). The bookings made before are given the
// account of the newest published version, the one their pages showed until now; with no version
// to read (CONTENT_SOURCE=files) their terms stay without it and read the folder's, as before.
// Frozen like every migration: it reads the stored document itself, not through today's schema.

interface Tables {
  bookings: { id: string; terms: string | null };
  contentVersions: { version: number; content: string };
}

interface StoredDocument {
  booking?: { bankTransfer?: { iban?: unknown; holder?: unknown; bic?: unknown } };
}

function accountOf(document: StoredDocument) {
  const account = document.booking?.bankTransfer;
  if (!account || typeof account.iban !== 'string' || typeof account.holder !== 'string') return null;
  return {
    iban: account.iban.replace(/\s+/g, '').toUpperCase(),
    holder: account.holder,
    ...(typeof account.bic === 'string' ? { bic: account.bic } : {}),
  };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = db as unknown as Kysely<Tables>;
  const latest = await tables
    .selectFrom('contentVersions')
    .select(['content'])
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return;
  const account = accountOf(JSON.parse(latest.content) as StoredDocument);
  const bookings = await tables.selectFrom('bookings').select(['id', 'terms']).where('terms', 'is not', null).execute();
  for (const booking of bookings) {
    const terms = JSON.parse(booking.terms!) as Record<string, unknown>;
    if ('bankTransfer' in terms) continue;
    await tables
      .updateTable('bookings')
      .set({ terms: JSON.stringify({ ...terms, bankTransfer: account }) })
      .where('id', '=', booking.id)
      .where('terms', '=', booking.terms)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = db as unknown as Kysely<Tables>;
  const bookings = await tables.selectFrom('bookings').select(['id', 'terms']).where('terms', 'is not', null).execute();
  for (const booking of bookings) {
    const terms = JSON.parse(booking.terms!) as Record<string, unknown>;
    delete terms.bankTransfer;
    await tables
      .updateTable('bookings')
      .set({ terms: JSON.stringify(terms) })
      .where('id', '=', booking.id)
      .execute();
  }
}
