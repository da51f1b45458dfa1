import { z } from './zod.js';
import { AMENITY_ICONS, GALLERY_CATEGORIES } from './property.js';

export { AMENITY_ICONS, GALLERY_CATEGORIES, type GalleryCategory } from './property.js';

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as 15:00');
const text = z.string().trim().min(1, 'must not be empty');
const photoFile = z.string().regex(/^[\w.-]+\.(jpe?g|png|webp|avif)$/i, 'must be a file name in photos/, such as lake-01.jpg');


export const GalleryImageSchema = z.object({
  file: photoFile,
  alt: text,
  category: z.enum(GALLERY_CATEGORIES),
  /** Tells two entries of the same photo apart. */
  key: z.string().optional(),
});
export type GalleryImage = z.infer<typeof GalleryImageSchema>;

/** The property's content file (content/property.json), validated at build time and at start. */
export const PropertySchema = z
  .object({
    name: text,
    titleSuffix: text,
    description: text,
    hero: z.object({ headline: text, subheadline: text, photo: photoFile }),
    about: z.object({ heading: text, paragraphs: z.array(text).min(1), photo: photoFile }),
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
    gallery: z.array(GalleryImageSchema).min(1),
    /** The short line under each section's heading. */
    intros: z.object({ gallery: text, amenities: text, location: text, reviews: text }),
  })
  .superRefine((property, ctx) => {
    const seen = new Set<string>();
    property.gallery.forEach((image, index) => {
      const id = image.key ?? image.file;
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path: ['gallery', index, 'key'], message: `${image.file} appears twice: give one entry a "key"` });
      seen.add(id);
    });
  });
export type Property = z.infer<typeof PropertySchema>;

/** Every photo file the content uses, each once. */
export function photoFiles(property: Property): string[] {
  return [...new Set([property.hero.photo, property.about.photo, ...property.gallery.map((g) => g.file)])];
}


export function describeContentError(file: string, error: z.ZodError): string {
  const problems = error.issues.map((i) => `  ${i.path.join('.') || '(file)'}: ${i.message}`).join('\n');
  return `${file} is not valid:\n${problems}`;
}
