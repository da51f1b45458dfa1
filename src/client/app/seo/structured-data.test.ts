import { describe, expect, it } from 'vitest';
import { localizeProperty, PropertySchema } from '../../../shared/content';
import type { ImageManifest } from '../../../shared/images';
import { vacationRental } from './structured-data';
import demoContent from '../../../../content/property.json';

const property = localizeProperty(PropertySchema.parse(demoContent), 'en');
const images: ImageManifest = Object.fromEntries(
  property.gallery.map((g) => [g.file, { width: 1600, height: 1067, placeholder: 'data:', avif: [], webp: [], jpeg: [{ url: `/assets/img/${g.file}`, width: 1600 }] }]),
);

describe('VacationRental JSON-LD', () => {
  const data = vacationRental(property, images, 'https://casa.example');

  it('has the fields Google requires', () => {
    expect(data['@type']).toBe('VacationRental');
    expect(data.name).toBe('Casa do Lago');
    expect(data.identifier).toBe('https://casa.example/');
    expect(data.latitude).toBe(property.location.latitude);
    expect(data.longitude).toBe(property.location.longitude);
    expect(data.containsPlace).toMatchObject({ '@type': 'Accommodation', additionalType: 'EntirePlace', numberOfBedrooms: 3, occupancy: { '@type': 'QuantitativeValue', value: 7 } });
  });

  it('lists at least 8 absolute image URLs, including a bedroom, a bathroom and a common area', () => {
    expect(data.image.length).toBeGreaterThanOrEqual(8);
    for (const url of data.image) expect(url).toMatch(/^https:\/\/casa\.example\/assets\/img\//);
    expect(data.image.some((u) => u.includes('bedrooms-'))).toBe(true);
    expect(data.image.some((u) => u.includes('bathrooms-'))).toBe(true);
    expect(data.image.some((u) => u.includes('interior-'))).toBe(true);
  });

  it('adds the address, check-in and check-out times and the amenities', () => {
    expect(data.address).toEqual({ '@type': 'PostalAddress', streetAddress: property.contact.address, addressLocality: 'Aldeia do Mato', addressCountry: 'PT' });
    expect(data.checkinTime).toBe('15:00:00');
    expect(data.checkoutTime).toBe('11:00:00');
    expect(data.amenityFeature).toHaveLength(11);
    expect(data.amenityFeature[0]).toEqual({ '@type': 'LocationFeatureSpecification', name: 'Private Lake Access', value: true });
  });
});
