import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-message.js';

describe('errorMessage', () => {
  it('reads an Error, its name when the message is empty, a string, an object with a message', () => {
    expect(errorMessage(new Error('disk full'))).toBe('disk full');
    expect(errorMessage(new TypeError())).toBe('TypeError');
    expect(errorMessage('timed out')).toBe('timed out');
    expect(errorMessage({ message: 'from a library', code: 7 })).toBe('from a library');
  });

  it('writes anything else as text, an object whose message is not text included', () => {
    expect(errorMessage({ message: 42 })).toBe('[object Object]');
    expect(errorMessage(undefined)).toBe('undefined');
    expect(errorMessage(404)).toBe('404');
  });
});
