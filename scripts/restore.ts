import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.js';
import { restoreBackup } from '../src/server/backup/restore-backup.js';
import { describeDatabase } from '../src/server/db/dialect.js';
import { errorMessage } from '../src/shared/error-message.js';

// npm run restore -- FILE [--force]: a backup into DATABASE_URL, with the site stopped
// (docs/upgrading.md). Refuses a database with tables in it unless --force.

const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const [file] = positionals;
if (!file || positionals.length > 1) {
  console.error('usage: npm run restore -- FILE [--force]');
  process.exit(2);
}
const config = loadConfig();
restoreBackup(config, file, { force: values.force }).then(
  (schema) => console.log(`Restored ${file} into ${describeDatabase(config.databaseUrl)} (schema version ${schema}).`),
  (error: unknown) => {
    console.error(`restore failed: ${errorMessage(error)}`);
    process.exit(1);
  },
);
