// The content's fixed vocabularies and helpers, kept apart from its zod schema (content.ts) so the
// page can use them without downloading zod.

export const GALLERY_CATEGORIES = ['exterior', 'lake', 'interior', 'kitchen', 'bedrooms', 'bathrooms'] as const;
export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number];

/** The icons an amenity may use (drawn with lucide-react on the page). */
export const AMENITY_ICONS = [
  'waves',
  'trees',
  'car',
  'tv',
  'wifi',
  'chef-hat',
  'shower-head',
  'coffee',
  'users',
  'bed-double',
  'sailboat',
  'flame',
  'sun',
  'utensils',
  'mountain',
] as const;

/** `+351 912 345 678` → `tel:+351912345678`. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+0-9]/g, '')}`;
