import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('stores scrypt with the OWASP parameters and a random salt', async () => {
    const a = await hashPassword('s3cret password');
    const b = await hashPassword('s3cret password');
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('s3cret');
  });

  it('accepts the right password and refuses others', async () => {
    const stored = await hashPassword('s3cret password');
    expect(await verifyPassword('s3cret password', stored)).toBe(true);
    expect(await verifyPassword('s3cret passwort', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
    expect(await verifyPassword('s3cret password', 'garbage')).toBe(false);
  });

  it('generates long random passwords', () => {
    const password = generatePassword();
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(generatePassword()).not.toBe(password);
  });
});
