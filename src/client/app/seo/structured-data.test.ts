import { describe, expect, it } from 'vitest';
import { localizeProperty, PropertySchema } from '../../../shared/content';
import type { ImageManifest } from '../../../shared/images';
import { vacationRental } from './structured-data';
import demoContent from '../../../../content/property.json';

const property = localizeProperty(PropertySchema.parse(demoContent), 'en');
const images: ImageManifest = Object.fromEntries(
  property.gallery.map((g) => [
    g.photo,
    {
      width: 1600,
      height: 1067,
      placeholder: 'data:',
      avif: [],
      webp: [],
      jpeg: [{ url: `/assets/img/${g.photo}`, width: 1600 }],
    },
  ]),
);

describe('VacationRental JSON-LD', () => {
  const data = vacationRental(property, images, 'https://casa.example');

  it('has the fields Google requires', () => {
    expect(data['@type']).toBe('VacationRental');
    expect(data.name).toBe('Casa do Lago');
    expect(data.identifier).toBe('154321/AL');
    expect(data.latitude).toBe(property.location.latitude);
    expect(data.longitude).toBe(property.location.longitude);
    expect(data.containsPlace).toMatchObject({
      '@type': 'Accommodation',
      additionalType: 'EntirePlace',
      numberOfBedrooms: 3,
      occupancy: { '@type': 'QuantitativeValue', value: 7 },
    });
  });

  it('lists at least 8 absolute image URLs, including a bedroom, a bathroom and a common area', () => {
    expect(data.image.length).toBeGreaterThanOrEqual(8);
    for (const url of data.image) expect(url).toMatch(/^https:\/\/casa\.example\/assets\/img\//);
    expect(data.image.some((u) => u.includes('bedrooms-'))).toBe(true);
    expect(data.image.some((u) => u.includes('bathrooms-'))).toBe(true);
    expect(data.image.some((u) => u.includes('interior-'))).toBe(true);
  });

  it('adds the address, check-in and check-out times and the amenities', () => {
    expect(data.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: property.contact.address,
      addressLocality: 'Aldeia do Mato',
      addressCountry: 'PT',
    });
    expect(data.checkinTime).toBe('15:00:00');
    expect(data.checkoutTime).toBe('11:00:00');
    expect(data.amenityFeature).toHaveLength(11);
    expect(data.amenityFeature[0]).toEqual({
      '@type': 'LocationFeatureSpecification',
      name: 'Private Lake Access',
      value: true,
    });
  });

  it("states the lowest nightly price, and the range of nightly prices, in the page's language", () => {
    // The demo's cheapest night is an ordinary weekday (€120), its dearest a Summer night (€180).
    expect(data.makesOffer).toEqual({
      '@type': 'Offer',
      priceSpecification: { '@type': 'UnitPriceSpecification', minPrice: 120, priceCurrency: 'EUR', unitCode: 'DAY' },
    });
    expect(data.priceRange).toBe('€120–€180');
    const portuguese = vacationRental(
      localizeProperty(PropertySchema.parse(demoContent), 'pt-PT'),
      images,
      'https://casa.example',
      '/pt/',
    );
    expect(portuguese.priceRange).toBe('120\u00a0€–180\u00a0€');
    expect(portuguese.makesOffer).toEqual(data.makesOffer);
  });

  it("finds the lowest night among the seasons and weekend prices, in the currency's own unit", () => {
    const lowest = (pricing: NonNullable<typeof property.pricing>) =>
      vacationRental({ ...property, pricing }, images, 'https://casa.example');
    const base = { currency: 'EUR', nightly: 12000, seasons: [] };
    const season = { name: 'Winter', from: '11-01', to: '02-28', nightly: 9050 };
    expect(lowest({ ...base, seasons: [season] }).makesOffer?.priceSpecification.minPrice).toBe(90.5);
    expect(
      lowest({ ...base, seasons: [{ ...season, weekendNightly: 8999 }] }).makesOffer?.priceSpecification.minPrice,
    ).toBe(89.99);
    expect(
      lowest({ ...base, weekendNightly: 11000, seasons: [{ ...season, nightly: 15000 }] }).makesOffer
        ?.priceSpecification.minPrice,
    ).toBe(110);
    const yen = lowest({ ...base, currency: 'JPY', nightly: 15000 });
    expect(yen.makesOffer?.priceSpecification).toMatchObject({ minPrice: 15000, priceCurrency: 'JPY' });
    expect(yen.priceRange).toBe('¥15,000');
  });

  it('is identified by its registration number, or by its site without one', () => {
    expect(
      vacationRental(
        localizeProperty(PropertySchema.parse(demoContent), 'pt-PT'),
        images,
        'https://casa.example',
        '/pt/',
      ).identifier,
    ).toBe('154321/AL');
    expect(vacationRental({ ...property, legal: undefined }, images, 'https://casa.example').identifier).toBe(
      'https://casa.example/',
    );
  });

  it('says nothing of prices when the content has none', () => {
    const unpriced = vacationRental({ ...property, pricing: undefined }, images, 'https://casa.example');
    expect(unpriced).not.toHaveProperty('makesOffer');
    expect(unpriced).not.toHaveProperty('priceRange');
    expect(JSON.stringify(unpriced)).not.toMatch(/price/i);
  });
});
