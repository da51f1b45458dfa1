import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Guests' document numbers and dates of birth are sealed at rest with AES-256-GCM under
// DATA_ENCRYPTION_KEY (docs/decisions/0027-guest-registrations-and-siba.md). Each value is bound
// to its row and column as associated data, so a sealed value copied to another row does not open.

const VERSION = 'v1';

export interface DataCipher {
  seal(plain: string, context: string): string;
  /** Throws when the key is not the one that sealed it, or the value was changed. */
  open(sealed: string, context: string): string;
}

/** DATA_ENCRYPTION_KEY's 32 bytes: 64 hexadecimal digits, or base64 (`openssl rand -base64 32`). */
export function parseDataKey(value: string): Buffer | undefined {
  const bytes = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return bytes.length === 32 && (/^[0-9a-fA-F]{64}$/.test(value) || bytes.toString('base64') === value)
    ? bytes
    : undefined;
}

export function createDataCipher(key: Buffer): DataCipher {
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
