import { z } from './zod.js';
import { AMENITY_ICONS, GALLERY_CATEGORIES } from './property.js';
import { languageOf, LOCALE_PATTERN } from './locales.js';
import { pricingShape } from './pricing.js';
import { bookingShape } from './booking-policy.js';

export { AMENITY_ICONS, GALLERY_CATEGORIES, type GalleryCategory } from './property.js';

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as 15:00');
const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #245349');
/** A build photo's id is its file name in photos/; an uploaded photo's is the store's UUID (decision 0026). */
export const BUILD_PHOTO_ID = /^[\w.-]+\.(jpe?g|png|webp|avif)$/i;
export const UPLOADED_PHOTO_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const photoId = z
  .string()
  .refine(
    (id) => BUILD_PHOTO_ID.test(id) || UPLOADED_PHOTO_ID.test(id),
    'must be a photo: a file name in photos/, such as lake-01.jpg, or an uploaded photo’s id',
  );
/** A gallery entry written before photos had ids named its file as `file`: read as `photo`. */
const legacyFile = (entry: unknown) => {
  if (entry === null || typeof entry !== 'object' || 'photo' in entry || !('file' in entry)) return entry;
  const { file, ...rest } = entry as { file: unknown };
  return { ...rest, photo: file };
};

/** A text of the content file: the same in every language, or one per locale (`{"en": "…", "pt-PT": "…"}`). */
export type Localized = string | Readonly<Record<string, string>>;

// The content's shape, built around one schema for its texts: the file's (plain or by locale,
// checked against its locales) or one language's (which picks that language's text).
function propertyShape<Text extends z.ZodType>(text: Text) {
  return z
    .object({
      name: text,
      titleSuffix: text,
      /** The house's colours in its mails: `primary` for the header and buttons (white text on it), `background` around the card. */
      colors: z.strictObject({ primary: hexColour, background: hexColour }).optional(),
      description: text,
      hero: z.object({ headline: text, subheadline: text, photo: photoId }),
      about: z.object({ heading: text, paragraphs: z.array(text).min(1), photo: photoId }),
      contact: z.object({
        address: text,
        phone: z.string().regex(/^\+?[0-9 ()-]{6,20}$/, 'must be a phone number such as +351 912 345 678'),
        email: z.email(),
        secondaryEmail: z.email(),
        instagramUrl: z.url({ protocol: /^https$/ }),
      }),
      checkIn: z.object({ from: time, until: time }),
      checkOut: z.object({ until: time }),
      capacity: z.number().int().min(1),
      bedrooms: z.number().int().min(1),
      amenities: z.array(z.object({ icon: z.enum(AMENITY_ICONS), title: text, description: text })).min(1),
      attractions: z.array(z.object({ name: text, distance: text, description: text })),
      distances: z.array(z.object({ place: text, distance: text })),
      location: z.object({
        mapQuery: text,
        locality: text,
        /** ISO 3166-1 alpha-2, e.g. PT. */
        country: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as PT'),
        latitude: z.number().min(-90).max(90),
        longitude: z.number().min(-180).max(180),
      }),
      gallery: z
        .array(
          z.preprocess(
            legacyFile,
            z.object({
              /** The photo's id, in the order the gallery shows them. */
              photo: photoId,
              alt: text,
              category: z.enum(GALLERY_CATEGORIES),
              /** Tells two entries of the same photo apart. */ key: z.string().optional(),
            }),
          ),
        )
        .min(1),
      /** The short line under each section's heading. */
      intros: z.object({ gallery: text, amenities: text, location: text, reviews: text }),
      /** Left out, the site shows no prices. */
      pricing: pricingShape(text).optional(),
      /**
       * What a guest needs to arrive, mailed and shown on their booking page before the stay.
       * `doorInstructions` is secret: never in the page, the prerender, a public answer or a log.
       */
      arrival: z
        .strictObject({
          daysBefore: z.number().int().min(1, 'must be at least 1').max(30).default(3),
          directions: z.strictObject({ fromLisbon: text, fromPorto: text }),
          parking: text,
          manual: z.array(z.strictObject({ title: text, text: text })).min(1),
          doorInstructions: text,
        })
        .optional(),
      /** Direct booking and its policies; left out, the site takes inquiries only. */
      booking: bookingShape(text).optional(),
      /** What the law asks the site to show; required for a house in Portugal (see the refinement below). */
      legal: z
        .object({
          /** The Alojamento Local registration number, such as 123456/AL. */
          registrationNumber: z.string().trim().min(1, 'must not be empty').max(60).optional(),
          complaintsBookUrl: z.url({ protocol: /^https$/ }).optional(),
          /**
           * Who the guest contracts with, as the booking confirmation names them (the contract on a
           * durable medium): required once bookings are on (see the refinement below).
           */
          owner: z
            .strictObject({
              name: z.string().trim().min(1, 'must not be empty').max(120),
              nif: z.string().regex(/^\d{9}$/, 'must be the NIF, 9 digits'),
              address: z.string().trim().min(1, 'must not be empty').max(200),
            })
            .optional(),
          /**
           * The VAT of the invoices the site issues through a certified provider (docs/invoicing.md):
           * the nights at 6 % on the mainland, 4 % in Madeira and the Azores, or 0 exempt under art.
           * 53.º CIVA with AT's exemption code (M10); the fees at their own rate (the nights' when
           * left out); the tourist tax is outside VAT with its code (M99, not subject, by default).
           */
          invoicing: z
            .strictObject({
              nightsVatPercent: z.number().min(0).max(23),
              feesVatPercent: z.number().min(0).max(23).optional(),
              exemptionCode: z
                .string()
                .regex(/^M\d{2}$/, "must be AT's exemption code, such as M10")
                .optional(),
              touristTaxCode: z
                .string()
                .regex(/^M\d{2}$/, "must be AT's exemption code, such as M99")
                .default('M99'),
            })
            .refine((v) => v.nightsVatPercent > 0 || v.exemptionCode !== undefined, {
              path: ['exemptionCode'],
              message: "is required when nightsVatPercent is 0: AT's exemption code, such as M10 (art. 53.º CIVA)",
            })
            .optional(),
          /**
           * The unit as the SIBA bulletin names it (docs/siba.md): the owner's NIF, the street
           * address, town and postcode, and who to contact. The name, phone and e-mail come from
           * `name` and `contact`.
           */
          siba: z
            .strictObject({
              nif: z.string().regex(/^\d{9}$/, 'must be the NIF, 9 digits'),
              abbreviation: z.string().trim().min(1).max(15).optional(),
              address: z.string().trim().min(1).max(40),
              town: z.string().trim().min(1).max(30),
              postcode: z.string().regex(/^\d{4}-\d{3}$/, 'must be a Portuguese postcode such as 2240-332'),
              contactName: z.string().trim().min(1).max(40),
            })
            .optional(),
        })
        .optional(),
      /** Who answers for the guests' data on the privacy page; by default the house (its name and contact.email). */
      controller: z.object({ name: text, email: z.email() }).optional(),
    })
    .superRefine((property, ctx) => {
      // Portuguese law (Decreto-Lei 128/2014, art. 17) asks every advertisement of an Alojamento
      // Local to show its registration number, and every business to link the complaints book.
      if (property.location.country === 'PT') {
        if (!property.legal?.registrationNumber)
          ctx.addIssue({
            code: 'custom',
            path: ['legal', 'registrationNumber'],
            message: 'is required for a house in Portugal (its Alojamento Local number, such as 123456/AL)',
          });
        if (!property.legal?.complaintsBookUrl)
          ctx.addIssue({
            code: 'custom',
            path: ['legal', 'complaintsBookUrl'],
            message: 'is required for a house in Portugal: https://www.livroreclamacoes.pt',
          });
      }
      if (property.booking && property.booking.mode !== 'inquiry' && !property.pricing) {
        ctx.addIssue({
          code: 'custom',
          path: ['booking', 'mode'],
          message: 'needs "pricing": a booking is charged from the content\'s prices',
        });
      }
      if (property.booking && property.booking.mode !== 'inquiry' && !property.legal?.owner) {
        ctx.addIssue({
          code: 'custom',
          path: ['legal', 'owner'],
          message: `is required when booking.mode is "${property.booking.mode}": the owner's name, NIF and address, which every booking confirmation names as the other party of the contract (or set booking.mode to "inquiry")`,
        });
      }
      const seen = new Set<string>();
      property.gallery.forEach((image, index) => {
        const id = image.key ?? image.photo;
        if (seen.has(id))
          ctx.addIssue({
            code: 'custom',
            path: ['gallery', index, 'key'],
            message: `${image.photo} appears twice: give one entry a "key"`,
          });
        seen.add(id);
      });
    });
}

/** A text in every one of `locales`: a plain string, or an object with exactly one text per locale. */
function localizedText(locales: readonly string[]) {
  return z.unknown().transform((value, ctx): Localized => {
    if (typeof value === 'string') {
      if (value.trim() === '') ctx.addIssue({ code: 'custom', message: 'must not be empty' });
      return value.trim();
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a text, or an object with a text for each of ${locales.join(', ')}`,
      });
      return z.NEVER;
    }
    const byLocale = value as Record<string, unknown>;
    const texts: Record<string, string> = {};
    for (const locale of locales) {
      const text = byLocale[locale];
      if (typeof text !== 'string' || text.trim() === '')
        // The locale in the path too, so an editor can point at the one language's field.
        ctx.addIssue({ code: 'custom', message: `missing the ${locale} translation`, path: [locale] });
      else texts[locale] = text.trim();
    }
    for (const key of Object.keys(byLocale)) {
      if (!locales.includes(key))
        ctx.addIssue({
          code: 'custom',
          message: `"${key}" is not one of the locales (${locales.join(', ')})`,
          path: [key],
        });
    }
    return texts;
  });
}

const LocalesSchema = z
  .array(z.string().regex(LOCALE_PATTERN, 'must be a locale such as en or pt-PT'))
  .min(1)
  .default(['en'])
  .refine(
    (locales) => new Set(locales.map(languageOf)).size === locales.length,
    'two locales of one language would share a page address',
  );

type ContentShape = ReturnType<typeof propertyShape<ReturnType<typeof localizedText>>>;
type PlainShape = ReturnType<typeof propertyShape<z.ZodString>>;

/** The content file as written: its locales (the first is the default) and its texts, plain or by locale. */
export type PropertyContent = z.output<ContentShape> & { locales: readonly string[] };
/** The content in one language, as the page shows it. */
export type Property = z.output<PlainShape> & { locale: string; locales: readonly string[] };
export type GalleryImage = Property['gallery'][number];

/**
 * The content file (content/property.json), validated at build time and at start. Its `locales`
 * decide which translations every text needs, so the texts are checked after reading them.
 */
export const PropertySchema = z.unknown().transform((raw, ctx): PropertyContent => {
  const file = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const locales = LocalesSchema.safeParse(file.locales);
  if (!locales.success) {
    for (const issue of locales.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['locales', ...issue.path] });
    return z.NEVER;
  }
  const parsed = propertyShape(localizedText(locales.data)).safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }
  return { ...parsed.data, locales: locales.data };
});

/** The content in one of its locales: each text by locale replaced by that locale's text. */
export function localizeProperty(content: PropertyContent, locale: string): Property {
  if (!content.locales.includes(locale))
    throw new Error(`The content has no ${locale} locale (it has ${content.locales.join(', ')})`);
  const pick = z.custom<Localized>().transform((text) => (typeof text === 'string' ? text : (text[locale] ?? '')));
  return { ...propertyShape(pick).parse(content), locale, locales: content.locales };
}

/** Who answers for the guests' data: the content's `controller`, or the house itself. */
export function controllerOf(property: Pick<Property, 'name' | 'contact' | 'controller'>): {
  name: string;
  email: string;
} {
  return property.controller ?? { name: property.name, email: property.contact.email };
}

/** Every photo the content uses, by id, each once. */
export function photoIds(property: {
  hero: { photo: string };
  about: { photo: string };
  gallery: readonly { photo: string }[];
}): string[] {
  return [...new Set([property.hero.photo, property.about.photo, ...property.gallery.map((g) => g.photo)])];
}

/** The build's photos the content uses: their files in photos/ (uploaded photos are in the database). */
export const photoFiles = (property: Parameters<typeof photoIds>[0]): string[] =>
  photoIds(property).filter((id) => BUILD_PHOTO_ID.test(id));

/** Where the content names a photo, with the id it names: `hero.photo`, `gallery.3.photo`… */
export function photoReferences(property: Parameters<typeof photoIds>[0]): { field: string; id: string }[] {
  return [
    { field: 'hero.photo', id: property.hero.photo },
    { field: 'about.photo', id: property.about.photo },
    ...property.gallery.map((g, index) => ({ field: `gallery.${index}.photo`, id: g.photo })),
  ];
}

export function describeContentError(file: string, error: z.ZodError): string {
  const problems = error.issues.map((i) => `  ${i.path.join('.') || '(file)'}: ${i.message}`).join('\n');
  return `${file} is not valid:\n${problems}`;
}
