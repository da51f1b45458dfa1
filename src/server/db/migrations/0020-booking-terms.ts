import type { Kysely } from 'kysely';

// Each booking keeps the terms its guest accepted, as JSON (stay-record/terms.ts), so its refunds and
// balance follow them and not the content as it is later (docs/decisions/0035-terms-snapshot.md).
// A booking made before gets the policy of the content version in force when it was made: the
// newest published at or before its creation, else the oldest (a booking older than the content's
// versions). With no version to read (CONTENT_SOURCE=files) the start fills them from the folder.
// Frozen like every migration: it reads the stored documents itself, not through today's schema.

interface Tables {
  bookings: { id: string; locale: string; createdAt: string; terms: string | null };
  contentVersions: { version: number; content: string; publishedAt: string };
}

type Text = string | Record<string, string>;
interface StoredDocument {
  locales?: string[];
  booking?: {
    depositPercent?: number;
    balanceDaysBeforeArrival?: number;
    cancellation?: Array<{ daysBeforeArrival: number; refundPercent: number }>;
    houseRules?: Text;
  };
  legal?: { registrationNumber?: string; owner?: { name: string; nif: string; address: string } };
}

// The no-withdrawal notice as the booking form showed it until now (shared/booking-text.ts, text version 1).
const NO_WITHDRAWAL: Record<string, string> = {
  en: 'A booking for set dates carries no right of withdrawal (Decreto-Lei 24/2014, art. 4(1)(p) and art. 17(1)(k)): this cancellation policy is the only way to cancel it.',
  pt: 'Uma reserva para datas determinadas não confere direito de livre resolução (Decreto-Lei n.º 24/2014, art. 4.º, n.º 1, alínea p), e art. 17.º, n.º 1, alínea k)): esta política de cancelamento é a única forma de a cancelar.',
};

function inLocale(text: Text | undefined, locale: string, locales: readonly string[]): string {
  if (text === undefined) return '';
  if (typeof text === 'string') return text;
  return text[locale] ?? text[locales[0] ?? ''] ?? Object.values(text)[0] ?? '';
}

function termsFrom(version: number, document: StoredDocument, booking: Tables['bookings']) {
  const policy = document.booking ?? {};
  return {
    cancellation: (policy.cancellation ?? []).map((t) => ({
      daysBeforeArrival: t.daysBeforeArrival,
      refundPercent: t.refundPercent,
    })),
    depositPercent: policy.depositPercent ?? 30,
    balanceDaysBeforeArrival: policy.balanceDaysBeforeArrival ?? 30,
    houseRules: inLocale(policy.houseRules, booking.locale, document.locales ?? []),
    acceptedAt: booking.createdAt,
    locale: booking.locale,
    noWithdrawal: NO_WITHDRAWAL[booking.locale.split('-')[0] ?? ''] ?? (NO_WITHDRAWAL.en as string),
    owner: document.legal?.owner ?? null,
    registrationNumber: document.legal?.registrationNumber ?? null,
    textVersion: 1,
    contentVersion: version,
  };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('terms', 'text').execute();
  const tables = db as unknown as Kysely<Tables>;
  const versions = (
    await tables
      .selectFrom('contentVersions')
      .select(['version', 'content', 'publishedAt'])
      .orderBy('version')
      .execute()
  )
    .map((row) => ({ ...row, document: JSON.parse(row.content) as StoredDocument }))
    .filter((row) => row.document.booking !== undefined);
  if (versions.length === 0) return;
  const bookings = await tables
    .selectFrom('bookings')
    .select(['id', 'locale', 'createdAt', 'terms'])
    .where('terms', 'is', null)
    .execute();
  for (const booking of bookings) {
    const inForce = versions.filter((v) => v.publishedAt <= booking.createdAt).at(-1) ?? versions[0]!;
    await tables
      .updateTable('bookings')
      .set({ terms: JSON.stringify(termsFrom(inForce.version, inForce.document, booking)) })
      .where('id', '=', booking.id)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('terms').execute();
}
