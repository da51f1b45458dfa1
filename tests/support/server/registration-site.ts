import type { FastifyInstance } from 'fastify';
import { apiPathOf, book } from './booking-site.js';
import { json } from './test-app.js';

/** A booking paid by transfer and marked paid by the owner: confirmed, so its guests may check in. */
export async function confirmedBooking(
  app: FastifyInstance,
  cookie: string,
  changes: Record<string, unknown> = {},
): Promise<{ code: string; url: string; guestsPath: (index?: number) => string }> {
  const created = await book(app, { paymentMethod: 'bank_transfer', ...changes });
  if (created.status !== 201) throw new Error(`booking failed: ${JSON.stringify(created.body)}`);
  const total = (created.body as unknown as { totalCents: number }).totalCents;
  const paid = await app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${created.body.code}/mark-paid`,
    headers: { cookie, origin: 'http://estadia.test' },
    ...json({ amountCents: total }),
  });
  if (paid.statusCode !== 200) throw new Error(`mark-paid failed: ${paid.body}`);
  const url = created.body.bookingUrl;
  return {
    code: created.body.code,
    url,
    guestsPath: (index?: number) => apiPathOf(url, index === undefined ? '/guests' : `/guests/${index}`),
  };
}

/** A German guest with every field the bulletin needs. */
export const GERMAN_GUEST = {
  surname: 'Müller-Lüdenscheidt',
  givenNames: 'Jürgen',
  nationality: 'DEU',
  birthDate: '1980-05-17',
  birthPlace: 'Köln',
  documentType: 'passport',
  documentNumber: 'C01X00T47',
  documentCountry: 'DEU',
  residenceCountry: 'DEU',
  residenceTown: 'Lüdenscheid',
} as const;

export const PORTUGUESE_GUEST = { surname: "D'Ávila", givenNames: 'Inês', nationality: 'PRT' } as const;

/** The content's `legal` with the unit's SIBA details. */
export const SIBA_LEGAL = {
  registrationNumber: '154321/AL',
  complaintsBookUrl: 'https://www.livroreclamacoes.pt',
  owner: {
    name: 'Maria Santos (example)',
    nif: '123456789',
    address: 'Rua do Lago 1, Aldeia do Mato, 2200-000 Abrantes, Portugal',
  },
  siba: {
    nif: '123456789',
    address: 'Rua da Barragem 12',
    town: 'Castanheira',
    postcode: '2240-332',
    contactName: 'Maria Santos',
  },
};

/** The environment that lets the site send bulletins to `url` (the fake SIBA). */
export const sibaEnv = (url: string) => ({
  SIBA_UNIT_CODE: '123456789',
  SIBA_ESTABLISHMENT: '00',
  SIBA_ACCESS_KEY: 'secret-siba-access-key',
  SIBA_URL: url,
});
