import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.js';
import { HttpError } from './http-error.js';

describe('cursor', () => {
  it('round-trips a position', () => {
    const position = { createdAt: '2026-11-21T10:00:00.000Z', id: 'b7c0e1d2-0000-4000-8000-000000000000' };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  it.each([
    '',
    'not-base64!',
    Buffer.from('{"a":1}').toString('base64url'),
    Buffer.from('[1,2]').toString('base64url'),
  ])('refuses %j with a 400 naming the cursor', (value) => {
    expect(() => decodeCursor(value)).toThrow(HttpError);
    try {
      decodeCursor(value);
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 400, field: 'cursor' });
    }
  });
});
