import { execFile } from 'node:child_process';

// pg_dump and pg_restore are run with the database's password in PGPASSWORD, never in their
// arguments, which any user of the machine can read in the process list; and a failure reports
// what the tool wrote to stderr, never the command, which would carry the URL into the log
// (docs/decisions/0063-the-iban-and-the-last-doors.md).

export type PgTool = 'pg_dump' | 'pg_restore';

export interface PgConnection {
  /** The URL for the tool's arguments: no password, no search_path (the tools set their own). */
  url: string;
  /** The environment to run the tool in: this process's, with PGPASSWORD set to the URL's password when it has one. */
  env: NodeJS.ProcessEnv;
}

export function pgConnection(databaseUrl: string, env: NodeJS.ProcessEnv = process.env): PgConnection {
  const url = new URL(databaseUrl);
  url.searchParams.delete('options');
  // libpq also takes the password as a query parameter: it leaves the URL the same way.
  const password = url.password ? decodeURIComponent(url.password) : url.searchParams.get('password');
  url.password = '';
  url.searchParams.delete('password');
  return { url: url.toString(), env: password === null ? env : { ...env, PGPASSWORD: password } };
}

const MAX_BUFFER = 16 * 1024 * 1024;

/** Runs the tool; resolves to its stdout, or rejects with its stderr alone. */
export function runPgTool(tool: PgTool, args: readonly string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(tool, args, { env, maxBuffer: MAX_BUFFER }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      const said = String(stderr).trim();
      // Node's own message starts "Command failed: " and the whole command line: never passed on.
      const code = (error as NodeJS.ErrnoException).code;
      reject(
        new Error(
          said
            ? `${tool} failed: ${said}`
            : code === 'ENOENT'
              ? `${tool} was not found: install the PostgreSQL client tools`
              : `${tool} failed with exit code ${String(code ?? 'unknown')}`,
        ),
      );
    });
  });
}
