import { localizeProperty, type Property, type PropertyContent } from '../../../shared/content';
import type { ImageManifest } from '../../../shared/images';

/**
 * The content a page is rendered from, in one language. Of `booking`, only its mode, which decides
 * the contact section's words and whether it shows the booking panel: its policies, house rules
 * and bank details are asked for when a guest books (GET /api/booking/options). Without
 * `arrival`: its door instructions are secret, and the rest is for guests with a booking only.
 * Without `colors`: they are the mails'. None of them reaches a page, its HTML or its data.
 */
export function renderedProperty(content: PropertyContent, locale: string): Property {
  return {
    ...localizeProperty(content, locale),
    booking: content.booking ? { mode: content.booking.mode } : undefined,
    arrival: undefined,
    colors: undefined,
  } as unknown as Property;
}

/**
 * What the page's scripts read (its data, lib/page-data.ts): the texts the static HTML alone
 * shows are left out, since no island and no screen of the router reads them
 * (docs/decisions/0021-react-islands.md, 0023-page-carries-its-content.md).
 */
export function clientProperty(property: Property): Property {
  return {
    ...property,
    about: undefined,
    amenities: undefined,
    distances: undefined,
    description: undefined,
    hero: { ...property.hero, subheadline: undefined },
    intros: { gallery: property.intros.gallery },
  } as unknown as Property;
}

/** The photos the landing page's islands draw: the gallery's. The hero and about photos stay static HTML. */
export function clientImages(property: Property, images: ImageManifest): ImageManifest {
  return Object.fromEntries(
    property.gallery.flatMap((item) => (images[item.photo] ? [[item.photo, images[item.photo]!]] : [])),
  );
}
