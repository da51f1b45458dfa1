import type { Kysely } from 'kysely';

// An offer's guest accepts its terms on the booking page before paying, and an owner-entered stay
// accepted none on the site (docs/decisions/0052-offers-accept-their-terms.md): the stored terms'
// `acceptedAt` is null until accepted, `ownerEntered` marks a stay the owner entered. An inquiry
// keeps who stays (adults and children's ages), so its offer is priced and taxed for that party;
// an offer keeps the owner's own words to the guest.

interface Tables {
  bookings: {
    id: string;
    terms: string | null;
    channel: string;
    inquiryId: string | null;
    status: string;
    paidCents: number;
  };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inquiries').addColumn('adults', 'integer').execute();
  await db.schema.alterTable('inquiries').addColumn('children_ages', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('owner_message', 'text').execute();
  const tables = db as unknown as Kysely<Tables>;
  const rows = await tables
    .selectFrom('bookings')
    .select(['id', 'terms', 'channel', 'inquiryId', 'status', 'paidCents'])
    .where('terms', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('channel', '!=', 'direct'),
        eb.and([eb('inquiryId', 'is not', null), eb('status', '=', 'awaiting_payment'), eb('paidCents', '=', 0)]),
      ]),
    )
    .execute();
  for (const row of rows) {
    const terms = JSON.parse(row.terms as string) as Record<string, unknown>;
    // An offer not yet paid was never accepted: its guest accepts it before paying, as new ones do.
    const changed =
      row.channel !== 'direct' ? { ...terms, acceptedAt: null, ownerEntered: true } : { ...terms, acceptedAt: null };
    await tables
      .updateTable('bookings')
      .set({ terms: JSON.stringify(changed) })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('owner_message').execute();
  await db.schema.alterTable('inquiries').dropColumn('children_ages').execute();
  await db.schema.alterTable('inquiries').dropColumn('adults').execute();
}
