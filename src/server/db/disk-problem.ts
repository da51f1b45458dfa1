import { accessSync, constants, existsSync, statfsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * SQLite names the symptom ("unable to open database file", "disk I/O error"), not the cause the
 * owner must fix; the file system can tell a read-only mount or a full disk apart.
 */
export function diskProblem(path: string): string {
  if (path === ':memory:') return '';
  let folder = dirname(resolve(path));
  while (!existsSync(folder) && dirname(folder) !== folder) folder = dirname(folder);
  for (const target of existsSync(path) ? [path, folder] : [folder]) {
    try {
      accessSync(target, constants.W_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EROFS') return ` (the file system holding ${target} is read-only)`;
      if (code === 'EACCES' || code === 'EPERM') return ` (this user may not write to ${target})`;
    }
  }
  try {
    if (statfsSync(folder).bavail === 0) return ` (the disk holding ${folder} is full)`;
  } catch {
    // No answer from the file system: SQLite's own reason has to do.
  }
  return '';
}
