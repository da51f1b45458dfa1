import { loadConfig } from '../src/server/config.js';
import { makeBackup } from '../src/server/backup/make-backup.js';
import { errorMessage } from '../src/shared/error-message.js';

// npm run backup: a consistent copy of the database (photos included) into BACKUP_DIR while the
// site serves, and the copies older than BACKUP_KEEP_DAYS deleted (docs/deploying.md#backups).

makeBackup(loadConfig(), Date.now()).then(
  ({ file, deleted }) => {
    console.log(`Backed up to ${file}`);
    for (const old of deleted) console.log(`Deleted ${old} (older than BACKUP_KEEP_DAYS)`);
  },
  (error: unknown) => {
    console.error(`backup failed: ${errorMessage(error)}`);
    process.exit(1);
  },
);
