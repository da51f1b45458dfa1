import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The README's folder tree is the newcomer's map: every folder it names exists, and a folder whose
// subfolders it lists lists all of them, so a new feature's folder cannot go unmentioned.

const ROOT = join(import.meta.dirname, '..');

/** The folders the tree under "## Folders" names, as paths from the root. */
export function treeFolders(readme: string): string[] {
  const block = /## Folders\n\n```\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const stack: string[] = [];
  const folders: string[] = [];
  for (const line of block.split('\n')) {
    const match = /^( *)(\S+\/)(?:\s|$)/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 2;
    stack.length = depth;
    const path = [...stack, match[2]!.replace(/\/$/, '')].join('/');
    stack.push(path.slice(stack.join('/').length + (depth > 0 ? 1 : 0)));
    folders.push(path);
  }
  return folders;
}

/** Every folder that holds a committed file, at any depth. */
function committedFolders(): Set<string> {
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n');
  const folders = new Set<string>();
  for (const file of files) for (let dir = dirname(file); dir !== '.'; dir = dirname(dir)) folders.add(dir);
  return folders;
}

describe("the README's folder tree", () => {
  const listed = treeFolders(readFileSync(join(ROOT, 'README.md'), 'utf8'));
  const listedSet = new Set(listed);

  it('reads as paths', () => {
    expect(listed).toEqual(expect.arrayContaining(['src/server', 'src/server/db/migrations', 'tests/e2e']));
  });

  it('names only folders that exist', () => {
    expect(listed.filter((folder) => !existsSync(join(ROOT, folder)))).toEqual([]);
  });

  it('lists every subfolder of a folder whose subfolders it lists, and every top folder', () => {
    const committed = committedFolders();
    // The root, and each listed folder that has a listed folder below it.
    const expanded = new Set(['', ...listed.map((folder) => dirname(folder)).map((d) => (d === '.' ? '' : d))]);
    const unlisted = [...committed].filter((folder) => {
      const parent = dirname(folder) === '.' ? '' : dirname(folder);
      // A folder counts as named when it, or a folder under it, is in the tree (src/ by src/client/).
      const named = listedSet.has(folder) || listed.some((l) => l.startsWith(`${folder}/`));
      return expanded.has(parent) && !named;
    });
    expect(unlisted, 'add them to the tree under "## Folders" in README.md').toEqual([]);
  });
});
