import { describe, expect, it } from 'vitest';
import { localizeProperty, PropertySchema } from '../../../shared/content';
import { quoteStay } from '../../../shared/quote';
import demoContent from '../../../../content/property.json';
import { estimateStay } from './stay-estimate';

const content = PropertySchema.parse(demoContent);
const { pricing, capacity } = localizeProperty(content, 'en');
const stay = { checkIn: '2030-07-06', checkOut: '2030-07-13', guests: '6' };

describe('estimateStay', () => {
  it("is the shared quote of the chosen stay, in the page's language", () => {
    expect(estimateStay(pricing, capacity, stay, [], 'en')).toEqual(
      quoteStay(pricing!, '2030-07-06', '2030-07-13', 6, 'en'),
    );
    const pt = localizeProperty(content, 'pt-PT').pricing;
    const portuguese = estimateStay(pt, capacity, { ...stay, checkOut: '2030-07-09' }, [], 'pt-PT');
    expect(portuguese?.message).toBe('Estadia mínima (Verão): 5 noites');
  });

  it('waits for both days and a number of guests the house takes', () => {
    for (const choice of [
      { checkIn: null },
      { checkOut: null },
      { guests: '' },
      { guests: '0' },
      { guests: String(capacity + 1) },
      { guests: '2.5' },
      { guests: '-1' },
    ]) {
      expect(estimateStay(pricing, capacity, { ...stay, ...choice }, [], 'en')).toBeNull();
    }
    expect(estimateStay(pricing, capacity, { ...stay, guests: String(capacity) }, [], 'en')?.total).toBeGreaterThan(0);
  });

  it('shows nothing without prices, or for a stay the quote does not price', () => {
    expect(estimateStay(undefined, capacity, stay, [], 'en')).toBeNull();
    expect(estimateStay(pricing, capacity, { ...stay, checkOut: stay.checkIn }, [], 'en')).toBeNull();
    expect(estimateStay(pricing, capacity, { ...stay, checkOut: '2031-07-08' }, [], 'en')).toBeNull();
  });

  it('says the dates are taken when a night of the stay is, and keeps the prices', () => {
    const free = estimateStay(pricing, capacity, stay, [{ start: '2030-07-13', end: '2030-07-20' }], 'en');
    expect(free?.reason).toBeNull();
    const taken = estimateStay(pricing, capacity, stay, [{ start: '2030-07-12', end: '2030-07-14' }], 'en');
    expect(taken).toMatchObject({
      reason: 'dates_unavailable',
      bookable: false,
      message: 'These dates are not available',
      total: free?.total,
    });
  });
});
