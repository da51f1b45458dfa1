import { describe, expect, it } from 'vitest';
import { bookingInputSchema } from './bookings.js';
import { issuesByField } from './text.js';

describe('issuesByField', () => {
  it('gives every refused field once, with its first problem, so a form can show them all', () => {
    const parsed = bookingInputSchema('2027-01-01', 6).safeParse({
      checkIn: '2027-04-05',
      checkOut: '2027-04-08',
      guests: 2,
      name: '',
      email: '',
      country: '',
      paymentMethod: 'bank_transfer',
    });
    expect(parsed.success).toBe(false);
    const fields = issuesByField(parsed.error!).map((issue) => issue.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'email', 'country', 'acceptTerms']));
    expect(new Set(fields).size).toBe(fields.length);
  });
});
