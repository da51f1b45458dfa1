import { describe, expect, it } from 'vitest';
import { isPortugueseNif, nifProblem, normalizeNif } from './nif.js';

describe('the guest’s tax number', () => {
  it('checks a Portuguese NIF by its check digit', () => {
    expect(isPortugueseNif('123456789')).toBe(true);
    expect(isPortugueseNif('123456780')).toBe(false);
    // A remainder of 0 or 1 gives the check digit 0.
    expect(isPortugueseNif('500000000')).toBe(true);
    expect(isPortugueseNif('12345678')).toBe(false);
    expect(isPortugueseNif('12345678a')).toBe(false);
  });

  it('takes other countries’ VAT numbers as typed, without spaces', () => {
    expect(nifProblem('DE 123 456 789', 'DE')).toBeUndefined();
    expect(normalizeNif('de 123.456-789', 'DE')).toBe('DE123456789');
    expect(nifProblem('x', 'DE')).toBe('must be 2 to 20 letters and digits');
  });

  it('drops a leading PT and refuses a bad Portuguese one', () => {
    expect(normalizeNif('PT 123 456 789', 'PT')).toBe('123456789');
    expect(nifProblem('PT123456789', 'PT')).toBeUndefined();
    expect(nifProblem('123456780', 'PT')).toBe('is not a valid Portuguese NIF (check digit)');
  });
});
