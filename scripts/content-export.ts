import { join } from 'node:path';
import prettier from 'prettier';
import { loadConfig } from '../src/server/config.js';
import { exportContent } from '../src/server/content/export-content.js';
import { openDatabase } from '../src/server/db/database.js';
import { describeDatabase } from '../src/server/db/dialect.js';
import { errorMessage } from '../src/shared/error-message.js';

// npm run content:export [dir]
// Writes the content the site serves now (its newest published version, from DATABASE_URL) as a
// content folder, ./content-export by default: property.json, formatted as the repository's own,
// and a copy of CONTENT_DIR's photos, with the uploaded photos it shows as files beside them. For a backup, or to commit the owner's edits to git.

async function main(): Promise<void> {
  const dir = process.argv[2] ?? 'content-export';
  const config = loadConfig();
  const db = await openDatabase(config.databaseUrl, { poolSize: 1 });
  try {
    const file = join(dir, 'property.json');
    const format = async (document: unknown) =>
      prettier.format(JSON.stringify(document), { ...(await prettier.resolveConfig(file)), parser: 'json' });
    const log = { error: (details: object, message: string) => console.error(message, details) };
    const { version, photos, uploaded } = await exportContent(db, config.contentDir, dir, { format, log });
    console.log(
      `Wrote version ${version} of the content from ${describeDatabase(config.databaseUrl)} to ${file}, with ${photos} photos from ${join(config.contentDir, 'photos')} and ${uploaded} uploaded photos`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(`content:export failed: ${errorMessage(error)}`);
  process.exit(1);
});
