import { createInterface } from 'node:readline/promises';
import { hashPassword } from '../src/server/lib/password.js';

// `npm run password:hash`: reads the administrator password from the terminal or a pipe (never
// from the command line, which the shell's history keeps) and prints its hash for
// ADMIN_PASSWORD_HASH, so the password itself need be in no file or environment.
const input = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
if (process.stdin.isTTY) process.stderr.write('Administrator password (at least 12 characters): ');
const password = ((await input[Symbol.asyncIterator]().next()).value as string | undefined) ?? '';
input.close();
if (password.length < 12 || password.length > 1024) {
  console.error('The password must be 12 to 1024 characters long.');
  process.exit(1);
}
console.log(await hashPassword(password));
