import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// OWASP password storage cheat sheet: scrypt with N=2^17, r=8, p=1.
const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
// scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is below that.
const MAX_MEMORY = 256 * 1024 * 1024;
// Each hash holds 128 MiB for a few hundred ms: at most two run at once, so a flood of logins
// cannot exhaust memory.
const MAX_CONCURRENT = 2;
/** Logins admitted at once, running or waiting: the rest are turned away before any work. */
export const MAX_ADMITTED = 10;

let admitted = 0;

/**
 * A place in the login queue, taken before the attempt touches the database or the hash, or
 * undefined when the queue is full: a flood is refused at once instead of queueing for minutes
 * (docs/decisions/0003-sessions-and-lockout.md). Call the returned function when done.
 */
export function admitPasswordCheck(): (() => void) | undefined {
  if (admitted >= MAX_ADMITTED) return undefined;
  admitted += 1;
  let left = false;
  return () => {
    if (left) return;
    left = true;
    admitted -= 1;
  };
}

let running = 0;
const waiting: Array<() => void> = [];

async function limited<T>(task: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await task();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  return limited(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...params, maxmem: MAX_MEMORY }, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
  );
}

type ScryptParams = { N: number; r: number; p: number };

/** The parameters of every new hash. */
export const HASH_PARAMS: Readonly<ScryptParams> = PARAMS;

/**
 * `scrypt$N$r$p$salt$hash`, salt and hash in base64. Other parameters than HASH_PARAMS are for a
 * test's own throw-away hash only.
 */
export async function hashPassword(password: string, params: ScryptParams = PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

const STORED_HASH = /^scrypt\$(\d{1,10})\$(\d{1,3})\$(\d{1,3})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

/** The parameters of a hash in hashPassword's form that verifyPassword can check, or undefined. */
export function storedHashParams(stored: string): ScryptParams | undefined {
  const [, n, r, p, salt, hash] = STORED_HASH.exec(stored) ?? [];
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const powerOfTwo = params.N >= 2 && (params.N & (params.N - 1)) === 0;
  const fits = 128 * params.N * params.r <= MAX_MEMORY;
  const sized =
    Buffer.from(salt ?? '', 'base64').length >= 8 && Buffer.from(hash ?? '', 'base64').length === KEY_LENGTH;
  return powerOfTwo && fits && params.r >= 1 && params.p >= 1 && sized ? params : undefined;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export function generatePassword(): string {
  // 18 random bytes: 144 bits, 24 URL-safe characters.
  return randomBytes(18).toString('base64url');
}
