import { loadConfig } from '../src/server/config.js';
import { openDatabase, pendingMigrations } from '../src/server/db/database.js';
import { describeDatabase } from '../src/server/db/dialect.js';
import { describeFinding } from '../src/server/readiness/english.js';
import { checkReadiness } from '../src/server/readiness/gather.js';
import { englishCount } from '../src/shared/english-count.js';
import { errorMessage } from '../src/shared/error-message.js';

// npm run doctor: reads the configuration (as the server does) and the published content, prints
// each finding with what to do, and exits 1 when anything blocks going live (docs/deploying.md).

async function main(): Promise<number> {
  const config = loadConfig();
  // It changes nothing: a database an upgrade has not migrated yet is read as it is.
  const db = await openDatabase(config.databaseUrl, { poolSize: 1, migrate: false });
  let findings;
  let pending: string[];
  try {
    pending = await pendingMigrations(db, config.databaseUrl);
    findings = await checkReadiness(config, db, { now: Date.now() });
  } finally {
    await db.destroy();
  }
  console.log(`Checked ${config.siteUrl} with ${describeDatabase(config.databaseUrl)}.`);
  if (pending.length > 0)
    console.log(
      `NOTE     The database lacks ${englishCount(pending.length, 'migration')}: the next start (or npm run db:migrate) applies them.`,
    );
  for (const finding of findings) console.log(describeFinding(finding));
  const blocks = findings.filter((f) => f.level === 'block').length;
  const warnings = findings.length - blocks;
  if (blocks > 0) {
    console.log(`Not ready to go live: ${englishCount(blocks, 'block')}, ${englishCount(warnings, 'warning')}.`);
    return 1;
  }
  console.log(warnings > 0 ? `Ready to go live, with ${englishCount(warnings, 'warning')}.` : 'Ready to go live.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`doctor failed: ${errorMessage(error)}`);
    process.exit(2);
  },
);
