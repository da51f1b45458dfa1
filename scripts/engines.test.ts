import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// `engines` tells the truth: the lowest Node the README names is inside package.json's range and
// inside the range every installed package declares (package-lock.json), so an owner on that Node
// runs nothing its authors do not support.

const ROOT = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

describe('the Node version the README names', () => {
  const named = /Node\.js (\d+\.\d+) or newer/.exec(read('README.md'))?.[1];
  const lowest = `${named ?? 'none'}.0`;

  it("is package.json's floor", () => {
    expect(named).toBeDefined();
    const range = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect(semver.minVersion(range)?.version).toBe(lowest);
  });

  it('is admitted by every installed package', () => {
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([path, p]) => {
        const node = !Array.isArray(p.engines) ? p.engines?.node : undefined;
        return path !== '' && node !== undefined && !semver.satisfies(lowest, node);
      })
      .map(
        ([path, p]) =>
          `${path.replace(/^.*node_modules\//, '')}@${p.version} wants ${(p.engines as { node: string }).node}`,
      );
    expect(refusing).toEqual([]);
  });
});
