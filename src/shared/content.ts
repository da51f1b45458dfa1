import { z } from 'zod';

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as 15:00');

/** The property's content file (content/property.json), validated at build time and at start. */
export const PropertySchema = z.object({
  name: z.string().min(1),
  titleSuffix: z.string().min(1),
  contact: z.object({
    address: z.string().min(1),
    phone: z.string().regex(/^\+?[0-9 ()-]{6,20}$/, 'must be a phone number such as +351 912 345 678'),
    email: z.email(),
    secondaryEmail: z.email(),
    instagramUrl: z.url({ protocol: /^https$/ }),
  }),
  checkIn: z.object({ from: time, until: time }),
  checkOut: z.object({ until: time }),
  capacity: z.number().int().min(1),
  bedrooms: z.number().int().min(1),
});
export type Property = z.infer<typeof PropertySchema>;

/** `+351 912 345 678` → `tel:+351912345678`. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+0-9]/g, '')}`;

export function describeContentError(file: string, error: z.ZodError): string {
  const problems = error.issues.map((i) => `  ${i.path.join('.') || '(file)'}: ${i.message}`).join('\n');
  return `${file} is not valid:\n${problems}`;
}
