import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, pendingMigrations } from '../src/server/db/database.js';
import { describeDatabase } from '../src/server/db/dialect.js';
import { englishCount } from '../src/shared/english-count.js';
import { errorMessage } from '../src/shared/error-message.js';

// npm run db:migrate [-- --dry-run]
// Brings the site's database (DATABASE_URL, read as the server reads it) to this version's schema,
// as a start would; with --dry-run, prints the migrations it would apply and changes nothing
// (docs/upgrading.md).

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false } } });
  const { databaseUrl } = loadConfig();
  const db = await openDatabase(databaseUrl, { migrate: false, poolSize: 1 });
  let pending: string[];
  try {
    pending = await pendingMigrations(db, databaseUrl);
  } finally {
    await db.destroy();
  }
  const where = describeDatabase(databaseUrl);
  if (pending.length === 0) {
    console.log(`${where} is up to date: no migration to apply.`);
    return;
  }
  const list = pending.map((name) => `  ${name}`).join('\n');
  if (values['dry-run']) {
    console.log(
      `${where} would get ${englishCount(pending.length, 'migration')}, in this order:\n${list}\nNothing was changed.`,
    );
    return;
  }
  await (await openDatabase(databaseUrl, { poolSize: 1 })).destroy();
  console.log(`${where} got ${englishCount(pending.length, 'migration')}:\n${list}`);
}

main().catch((error: unknown) => {
  console.error(`db:migrate failed: ${errorMessage(error)}`);
  process.exit(1);
});
