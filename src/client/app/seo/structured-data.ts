import type { GalleryCategory, Property } from '../../../shared/content';
import type { ImageManifest } from '../../../shared/images';
import { largest } from '../../../shared/images';

// Google's vacation-rental markup wants at least 8 photos, among them a bedroom, a bathroom and a
// common area; these categories come first so they are always among those picked.
const FIRST: GalleryCategory[] = ['bedrooms', 'bathrooms', 'interior', 'exterior', 'lake', 'kitchen'];
const MAX_IMAGES = 12;

function pickImages(property: Property, images: ImageManifest, siteUrl: string): string[] {
  const byCategory = FIRST.map((category) => property.gallery.filter((g) => g.category === category));
  const picked: string[] = [];
  // Round-robin over the categories: one of each first, then a second of each, and so on.
  for (let round = 0; picked.length < MAX_IMAGES && byCategory.some((list) => list.length > round); round++) {
    for (const list of byCategory) {
      const entry = list[round];
      const image = entry && images[entry.file];
      if (image && picked.length < MAX_IMAGES) picked.push(`${siteUrl}${largest(image.jpeg).url}`);
    }
  }
  return [...new Set(picked)];
}

const time = (hhmm: string) => `${hhmm}:00`;

/** schema.org VacationRental for the page's JSON-LD, in the page's language; the same rental on every page. */
export function vacationRental(property: Property, images: ImageManifest, siteUrl: string, path = '/') {
  return {
    '@context': 'https://schema.org',
    '@type': 'VacationRental',
    '@id': `${siteUrl}/#rental`,
    identifier: `${siteUrl}/`,
    name: property.name,
    description: property.description,
    url: `${siteUrl}${path}`,
    image: pickImages(property, images, siteUrl),
    latitude: property.location.latitude,
    longitude: property.location.longitude,
    address: {
      '@type': 'PostalAddress',
      streetAddress: property.contact.address,
      addressLocality: property.location.locality,
      addressCountry: property.location.country,
    },
    telephone: property.contact.phone,
    email: property.contact.email,
    checkinTime: time(property.checkIn.from),
    checkoutTime: time(property.checkOut.until),
    amenityFeature: property.amenities.map((a) => ({ '@type': 'LocationFeatureSpecification', name: a.title, value: true })),
    containsPlace: {
      '@type': 'Accommodation',
      additionalType: 'EntirePlace',
      numberOfBedrooms: property.bedrooms,
      occupancy: { '@type': 'QuantitativeValue', value: property.capacity },
    },
  };
}
