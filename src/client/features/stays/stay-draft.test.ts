import { describe, expect, it } from 'vitest';
import { draftErrors, euroCents, fieldError, newDraft, stayBody } from './stay-draft';

// The "New stay" form's values become the API's body: euros typed as the owner writes them, what
// only a platform has left out of a phone stay, and the server's refused field found on the form.

describe('the new stay form', () => {
  it('reads euros with a point or a comma, and refuses what is not an amount', () => {
    expect(euroCents('840')).toBe(84_000);
    expect(euroCents(' 840,5 ')).toBe(84_050);
    expect(euroCents('840.05')).toBe(84_005);
    expect(euroCents('')).toBeUndefined();
    for (const typo of ['45o', '4,5,0', '840.555', '-3', '1e3']) expect(euroCents(typo)).toBeNaN();
  });

  it('fills in an imported reservation, and sends what only a platform has only for a platform', () => {
    const event = {
      uid: 'abc@airbnb.com',
      feed: 'Airbnb',
      platform: 'airbnb' as const,
      start: '2027-06-07',
      end: '2027-06-10',
      summary: 'Reserved',
      reference: 'HMB2NX7VQE',
      stayCode: null,
    };
    const airbnb = { ...newDraft('en', event), childAges: ['10'], commission: '126', taxByPlatform: true };
    expect(stayBody(airbnb)).toMatchObject({
      channel: 'airbnb',
      checkIn: '2027-06-07',
      checkOut: '2027-06-10',
      adults: 2,
      children: [{ age: 10 }],
      feedEventUid: 'abc@airbnb.com',
      platformReference: 'HMB2NX7VQE',
      commissionCents: 12_600,
      touristTaxCollectedBy: 'platform',
    });
    const phone = stayBody({ ...airbnb, channel: 'phone' });
    expect(phone).not.toHaveProperty('platformReference');
    expect(phone).not.toHaveProperty('commissionCents');
    expect(phone.touristTaxCollectedBy).toBe('owner');
    // A phone guest's deposit is sent as what was paid; left empty, the stay is paid in full.
    expect(stayBody({ ...airbnb, channel: 'phone', price: '600', paid: '180' })).toMatchObject({
      priceCents: 60_000,
      paidCents: 18_000,
    });
    expect(stayBody({ ...airbnb, channel: 'phone', price: '600' })).toMatchObject({ paidCents: undefined });
    expect(stayBody({ ...airbnb, paid: '180' })).not.toHaveProperty('paidCents');
    // A child whose age was not chosen is sent as no number, for the server to refuse by its field.
    expect(stayBody({ ...airbnb, childAges: [''] }).children).toEqual([{ age: Number.NaN }]);
  });

  it('refuses a phone stay paid more than its price, or paid in no amount', () => {
    const phone = { ...newDraft('en'), price: '600' };
    expect(draftErrors({ ...phone, paid: '600.01' })).toHaveProperty('paidCents');
    expect(draftErrors({ ...phone, paid: '18o' })).toHaveProperty('paidCents');
    expect(draftErrors({ ...phone, paid: '180' })).toEqual({});
    expect(Object.keys(fieldError('paidCents') ?? {})).toEqual(['paidCents']);
  });

  it('finds the refused field on the form, a child by its list', () => {
    expect(Object.keys(fieldError('children.0.age') ?? {})).toEqual(['children']);
    expect(Object.keys(fieldError('priceCents') ?? {})).toEqual(['priceCents']);
    expect(fieldError('body')).toBeUndefined();
    expect(fieldError(undefined)).toBeUndefined();
  });
});
