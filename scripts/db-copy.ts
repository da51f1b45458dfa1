import { parseArgs } from 'node:util';
import { type Db, openDatabase } from '../src/server/db/database.js';
import { assertSourceExists, copyDatabase, rows } from '../src/server/db/copy.js';
import { describeDatabase } from '../src/server/db/dialect.js';
import { errorMessage } from '../src/shared/error-message.js';

// npm run db:copy -- --from file:./data/estadia.sqlite --to postgres://user:pass@host:5432/estadia
// Moves a site's data to another database (usually SQLite to PostgreSQL). Stop the server first,
// so nothing is written to the source during the copy.

const USAGE = 'usage: npm run db:copy -- --from DATABASE_URL --to DATABASE_URL';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  if (!values.from || !values.to) throw new Error(USAGE);
  if (values.from === values.to) throw new Error('--from and --to name the same database');
  assertSourceExists(values.from);
  let from: Db | undefined;
  let to: Db | undefined;
  try {
    from = await openDatabase(values.from);
    to = await openDatabase(values.to);
    console.log(`Copying ${describeDatabase(values.from)} to ${describeDatabase(values.to)}`);
    const counts = await copyDatabase(from, to);
    for (const [table, n] of Object.entries(counts)) console.log(`  ${table.padEnd(16)} ${rows(n)}`);
    console.log('Done: every table has the same number of rows in both databases.');
  } finally {
    await from?.destroy();
    await to?.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(`db:copy failed: ${errorMessage(error)}`);
  process.exit(1);
});
