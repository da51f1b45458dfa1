import { describe, expect, it } from 'vitest';
import { pgConnection } from './pg-tool.js';

// The PostgreSQL password reaches pg_dump and pg_restore in PGPASSWORD, never in their argv (which
// `ps` shows every user of the machine), and a failure says what the tool wrote to stderr, never
// the command (docs/decisions/0063-the-iban-and-the-last-doors.md).

const SECRET = 'Sécr3t:p@ss/w0rd';

describe('pgConnection', () => {
  it('moves the password from the URL to PGPASSWORD, decoded, and drops the search_path', () => {
    const { url, env } = pgConnection(
      `postgres://estadia:${encodeURIComponent(SECRET)}@db.example:5432/estadia?options=-c%20search_path%3Dsite&sslmode=require`,
      { PATH: '/usr/bin' },
    );
    expect(url).toBe('postgres://estadia@db.example:5432/estadia?sslmode=require');
    expect(env).toEqual({ PATH: '/usr/bin', PGPASSWORD: SECRET });
  });

  it('moves a password given as a query parameter too', () => {
    const { url, env } = pgConnection(
      `postgres://estadia@db.example/estadia?password=${encodeURIComponent(SECRET)}`,
      {},
    );
    expect(url).toBe('postgres://estadia@db.example/estadia');
    expect(env.PGPASSWORD).toBe(SECRET);
  });

  it('leaves the environment as it is when the URL has no password (a PGPASSWORD or .pgpass of the operator)', () => {
    const { url, env } = pgConnection('postgres://estadia@db.example/estadia', { PGPASSWORD: 'theirs' });
    expect(url).toBe('postgres://estadia@db.example/estadia');
    expect(env).toEqual({ PGPASSWORD: 'theirs' });
  });
});
