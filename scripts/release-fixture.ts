import Database from 'better-sqlite3';

// npx tsx scripts/release-fixture.ts FILE.sqlite > tests/support/fixtures/releases/VERSION.sql
// Writes a SQLite database made by a released version as SQL text: its schema, its migrations'
// record and its rows. At each release a database is made with the tagged code and kept this way,
// so the upgrade test (src/server/db/upgrade.test.ts) migrates the last release's data to this
// version's schema (docs/upgrading.md).

const quote = (value: unknown): string => {
  if (value === null) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Buffer.isBuffer(value)) return `X'${value.toString('hex')}'`;
  return `'${String(value).replaceAll("'", "''")}'`;
};

const file = process.argv[2];
if (!file) {
  console.error('usage: npx tsx scripts/release-fixture.ts FILE.sqlite');
  process.exit(1);
}
const db = new Database(file, { readonly: true });
const objects = db
  .prepare(
    "select type, name, sql from sqlite_master where sql is not null and name not like 'sqlite_%' order by type = 'index', rowid",
  )
  .all() as { type: string; name: string; sql: string }[];
const out: string[] = ['PRAGMA foreign_keys = OFF;', 'BEGIN;'];
for (const object of objects) {
  out.push(`${object.sql};`);
  if (object.type !== 'table') continue;
  for (const row of db.prepare(`select * from "${object.name}"`).all() as Record<string, unknown>[]) {
    const columns = Object.keys(row).map((c) => `"${c}"`);
    out.push(
      `INSERT INTO "${object.name}" (${columns.join(', ')}) VALUES (${Object.values(row).map(quote).join(', ')});`,
    );
  }
}
out.push('COMMIT;');
db.close();
console.log(out.join('\n'));
