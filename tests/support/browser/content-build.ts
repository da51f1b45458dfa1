import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../../..');

export interface ContentBuild {
  /** The built client, like dist/client. */
  clientDir: string;
  /** The server entry that serves this build. */
  entry: string;
}

/**
 * The client steps of `npm run build` for another content folder, into a folder of their own, with
 * the server of the last `npm run build` beside them (the server code does not depend on the
 * content). Used by the other-house test and by the measurements on the real-photo set.
 */
export function buildForContent(
  contentDir: string,
  outDir: string,
  options: { compress?: boolean; quiet?: boolean } = {},
): ContentBuild {
  rmSync(outDir, { recursive: true, force: true });
  const clientDir = join(outDir, 'client');
  const logLevel = options.quiet ? 'warn' : 'info';
  const build = (command: string, args: string[]) =>
    execFileSync(command, args, {
      cwd: ROOT,
      env: { ...process.env, CONTENT_DIR: contentDir },
      stdio: options.quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    });
  build('npx', ['vite', 'build', '--outDir', clientDir, '--logLevel', logLevel]);
  build('npx', ['vite', 'build', '--ssr', 'entry-server.tsx', '--outDir', join(outDir, 'ssr'), '--logLevel', 'warn']);
  build('npx', ['tsx', 'scripts/prerender.ts', clientDir, join(outDir, 'ssr/entry-server.js')]);
  if (options.compress) build('npx', ['tsx', 'scripts/compress.ts', clientDir]);
  cpSync(join(ROOT, 'dist/server'), join(outDir, 'server'), { recursive: true });
  return { clientDir, entry: join(outDir, 'server/server/index.js') };
}
