import type { GalleryCategory, Property } from '../../../shared/content';
import type { ImageManifest } from '../../../shared/images';
import { largest } from '../../../shared/images';
import type { Pricing } from '../../../shared/pricing';
import { formatAmount, minorDigits } from '../../../shared/quote-text';

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
      const image = entry && images[entry.photo];
      if (image && picked.length < MAX_IMAGES) picked.push(`${siteUrl}${largest(image.jpeg).url}`);
    }
  }
  return [...new Set(picked)];
}

const time = (hhmm: string) => `${hhmm}:00`;

/** Every nightly price the content states: the top level's and each season's, weekday and weekend. */
const nightlyPrices = (pricing: Pricing) =>
  [pricing, ...pricing.seasons].flatMap((prices) =>
    prices.weekendNightly === undefined ? [prices.nightly] : [prices.nightly, prices.weekendNightly],
  );

/**
 * The nightly prices, where schema.org has room for them (VacationRental is a LocalBusiness, which
 * is an Organization): `priceRange` as text, from the lowest night to the dearest, and an offer
 * whose unit price starts at the lowest night. Nothing without prices.
 */
function prices(pricing: Pricing | undefined, locale: string) {
  if (!pricing) return {};
  const nightly = nightlyPrices(pricing);
  const [lowest, highest] = [Math.min(...nightly), Math.max(...nightly)];
  const money = (amount: number) => formatAmount(amount, pricing.currency, locale);
  return {
    priceRange: lowest === highest ? money(lowest) : `${money(lowest)}–${money(highest)}`,
    makesOffer: {
      '@type': 'Offer',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        // schema.org wants a number in the major unit: 12000 cents is 120 (euros).
        minPrice: lowest / 10 ** minorDigits(pricing.currency),
        priceCurrency: pricing.currency,
        unitCode: 'DAY',
      },
    },
  };
}

/** schema.org VacationRental for the page's JSON-LD, in the page's language; the same rental on every page. */
export function vacationRental(property: Property, images: ImageManifest, siteUrl: string, path = '/') {
  return {
    '@context': 'https://schema.org',
    '@type': 'VacationRental',
    '@id': `${siteUrl}/#rental`,
    // The Alojamento Local number identifies the rental for the authorities and the platforms
    // alike; a house without one is identified by its site.
    identifier: property.legal?.registrationNumber ?? `${siteUrl}/`,
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
    amenityFeature: property.amenities.map((a) => ({
      '@type': 'LocationFeatureSpecification',
      name: a.title,
      value: true,
    })),
    containsPlace: {
      '@type': 'Accommodation',
      additionalType: 'EntirePlace',
      numberOfBedrooms: property.bedrooms,
      occupancy: { '@type': 'QuantitativeValue', value: property.capacity },
    },
    ...prices(property.pricing, property.locale),
  };
}
