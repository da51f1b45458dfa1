import type { DEMO_FIELDS } from '../../shared/readiness.js';

// The demo content's placeholders (content/property.json as shipped): a site still publishing one
// of them would give guests a stranger's IBAN or phone, or an AL number that is not the owner's.
// A test keeps these equal to the shipped file.

export const DEMO_VALUES: Record<(typeof DEMO_FIELDS)[number], readonly string[]> = {
  iban: ['PT50000201231234567890154'],
  registrationNumber: ['154321/AL'],
  phone: ['+351 000 000 000'],
  nif: ['123456789'],
  email: ['reservas@casa-do-lago.example', 'ola@casa-do-lago.example'],
};

/** The parts of the content the check reads, loosely: a stored version may be another release's. */
export interface PublishedFacts {
  booking?: { mode?: string; bankTransfer?: { iban?: string } };
  contact?: { phone?: string; email?: string; secondaryEmail?: string };
  legal?: { registrationNumber?: string; owner?: { nif?: string }; invoicing?: object };
}

const normal = (value: string | undefined) => (value ?? '').replace(/\s+/g, '').toLowerCase();

/** The demo fields the content still carries, in DEMO_FIELDS' order. */
export function demoFieldsIn(content: PublishedFacts): Array<(typeof DEMO_FIELDS)[number]> {
  const present: Record<(typeof DEMO_FIELDS)[number], Array<string | undefined>> = {
    iban: [content.booking?.bankTransfer?.iban],
    registrationNumber: [content.legal?.registrationNumber],
    phone: [content.contact?.phone],
    nif: [content.legal?.owner?.nif],
    email: [content.contact?.email, content.contact?.secondaryEmail],
  };
  return (Object.keys(DEMO_VALUES) as Array<keyof typeof DEMO_VALUES>).filter((field) =>
    present[field].some((value) => value && DEMO_VALUES[field].some((demo) => normal(demo) === normal(value))),
  );
}

/** Bookings are on when the content asks for them (booking.mode other than inquiry). */
export const bookingsOn = (content: PublishedFacts) => Boolean(content.booking && content.booking.mode !== 'inquiry');
