import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { HEADLESS_SHELL, browserIsThere } from './browser-path.js';

/** A program or file set the tests use, and the Debian package that brings it. */
export interface TestTool {
  package: string;
  /** What needs it, said when it is missing. */
  for: string;
  present: () => boolean;
}

const onPath = (command: string) => () =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/**
 * Everything `npm test` needs beyond Node and npm, from Debian's packages. With CHROME_PATH set,
 * the browser is the caller's and no Chromium package is asked for.
 */
export function testTools(env: NodeJS.ProcessEnv = process.env): TestTool[] {
  const browsers: TestTool[] = env.CHROME_PATH
    ? []
    : [
        {
          package: 'chromium',
          for: 'the browser tests and Lighthouse',
          present: () => browserIsThere('/usr/bin/chromium'),
        },
        {
          package: 'chromium-headless-shell',
          for: 'the browser tests (a quarter less CPU per test)',
          present: () => browserIsThere(HEADLESS_SHELL),
        },
      ];
  return [
    ...browsers,
    {
      package: 'mate-backgrounds',
      for: 'the size budgets, built with real photographs',
      present: () => existsSync('/usr/share/backgrounds/mate/nature'),
    },
    { package: 'openssl', for: 'the SMTP STARTTLS tests', present: onPath('openssl') },
    { package: 'spamassassin', for: "the mails' spam score", present: onPath('spamassassin') },
    { package: 'default-jre-headless', for: 'the Nu HTML checker', present: onPath('java') },
    {
      package: 'postgresql-client',
      for: 'the backup and restore tests',
      present: () => onPath('pg_dump')() && onPath('pg_restore')(),
    },
    { package: 'caddy', for: 'the reverse-proxy tests', present: onPath('caddy') },
  ];
}

/** The one command that installs `packages`. */
export const installCommand = (packages: string[]) => `apt-get install -y ${packages.join(' ')}`;

/**
 * Installs what is missing when this runs as root with apt, as CI does; otherwise says what is
 * missing and the exact command, and answers false so that nothing runs.
 */
export function ensureTestTools(
  tools = testTools(),
  { root = process.getuid?.() === 0, log = console.log } = {},
): boolean {
  const missing = tools.filter((tool) => !tool.present());
  if (missing.length === 0) return true;
  const packages = missing.map((tool) => tool.package);
  for (const tool of missing) log(`Missing ${tool.package}, for ${tool.for}.`);
  if (root && onPath('apt-get')()) {
    log(`Installing: ${installCommand(packages)}`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const updated = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status === 0;
    const installed =
      updated && spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env }).status === 0;
    if (installed && missing.every((tool) => tool.present())) return true;
    log('The installation did not complete.');
  }
  log(`Install them first, as root: ${installCommand(packages)}`);
  return false;
}
