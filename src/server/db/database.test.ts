import { describe, expect, it } from 'vitest';
import { DatabaseStartError, openDatabase } from './database.js';
import { describeDatabase } from './dialect.js';

describe('openDatabase', () => {
  it('names an unreachable PostgreSQL server without its password, and gives up within seconds', async () => {
    const started = Date.now();
    const opening = openDatabase('postgres://estadia:s3cret-pass@127.0.0.1:1/estadia');
    await expect(opening).rejects.toThrow(DatabaseStartError);
    const message = await opening.catch((error: Error) => error.message);
    expect(message).toMatch(/^Cannot prepare the PostgreSQL database estadia at 127\.0\.0\.1:1: .*ECONNREFUSED/);
    expect(message).not.toContain('s3cret-pass');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('describes each kind of database for messages', () => {
    expect(describeDatabase('file:./data/estadia.sqlite')).toBe('the SQLite database at ./data/estadia.sqlite');
    expect(describeDatabase('postgresql://u:p@db.internal/estadia')).toBe(
      'the PostgreSQL database estadia at db.internal:5432',
    );
  });
});
