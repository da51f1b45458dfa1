import type { Kysely } from 'kysely';

// Each stay keeps the tourist tax's rule in force when it was booked or entered, as JSON, `null`
// for none (docs/decisions/0053-a-stay-keeps-its-tourist-tax-rule.md). A booking made before gets
// the rule of the content version in force when it was made (the newest published at or before
// its creation, else the oldest), as migration 0020 chose its terms; except that a site booking
// whose quote carried no tax line owes none (it was made before the tax existed), and a site
// booking that carried tax under a version without a rule takes the newest version's rule. With
// no version to read (CONTENT_SOURCE=files) the start fills them from the folder
// (stay-record/tax-rule.ts). Frozen like every migration: it reads the stored documents itself.

interface Tables {
  bookings: { id: string; channel: string; quote: string; createdAt: string; touristTaxRule: string | null };
  contentVersions: { version: number; content: string; publishedAt: string };
}

interface StoredDocument {
  pricing?: { touristTax?: object };
}

const carriesTax = (quote: string): boolean => {
  const parsed = JSON.parse(quote) as { lines?: { kind: string; amount: number }[] };
  return (parsed.lines ?? []).some((line) => line.kind === 'touristTax' && line.amount > 0);
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('tourist_tax_rule', 'text').execute();
  const tables = db as unknown as Kysely<Tables>;
  const versions = (
    await tables.selectFrom('contentVersions').select(['content', 'publishedAt']).orderBy('version').execute()
  ).map((row) => ({
    publishedAt: row.publishedAt,
    rule: (JSON.parse(row.content) as StoredDocument).pricing?.touristTax,
  }));
  const bookings = await tables.selectFrom('bookings').select(['id', 'channel', 'quote', 'createdAt']).execute();
  for (const booking of bookings) {
    const direct = booking.channel === 'direct';
    let rule: object | null | undefined;
    if (direct && !carriesTax(booking.quote)) rule = null;
    else if (versions.length > 0) {
      const inForce = versions.filter((v) => v.publishedAt <= booking.createdAt).at(-1) ?? versions[0]!;
      rule = inForce.rule ?? (direct ? versions.at(-1)!.rule : null) ?? null;
    }
    if (rule === undefined) continue;
    await tables
      .updateTable('bookings')
      .set({ touristTaxRule: JSON.stringify(rule) })
      .where('id', '=', booking.id)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('tourist_tax_rule').execute();
}
