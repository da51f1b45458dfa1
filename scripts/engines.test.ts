import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeAdmitted } from '../src/server/readiness/node-engines.js';

// engines tells the truth: every installed package admits the lowest Node the README names, so a
// site on that Node runs code its authors support (docs/decisions/0040-going-live.md).

const ROOT = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

const lowest = /Node\.js (\d+\.\d+) or newer/.exec(read('README.md'))?.[1];
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe('engines', () => {
  it("names the README's lowest Node in package.json", () => {
    expect(lowest).toBe('20.19');
    const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe(`>=${lowest}`);
  });

  it("admits the README's lowest Node in every package of package-lock.json", () => {
    const refused = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range && !nodeAdmitted(`${lowest}.0`, range) ? [`${path}@${entry.version}: ${range}`] : [];
      });
    expect(Object.keys(lock.packages).length).toBeGreaterThan(300);
    expect(refused).toEqual([]);
  });

  it('reads the ranges packages write', () => {
    expect(nodeAdmitted('20.19.0', '>=20.19')).toBe(true);
    expect(nodeAdmitted('20.18.9', '>=20.19')).toBe(false);
    expect(nodeAdmitted('20.19.0', '>=22')).toBe(false);
    expect(nodeAdmitted('20.19.0', '^20.19.0 || >=22.12.0')).toBe(true);
    expect(nodeAdmitted('20.19.0', '^18.18.0 || ^20.9.0 || >=21.1.0')).toBe(true);
    expect(nodeAdmitted('20.19.0', '>= 10.13.0')).toBe(true);
    expect(nodeAdmitted('20.19.0', '18 || 22')).toBe(false);
    expect(nodeAdmitted('20.19.0', '>=14 <21')).toBe(true);
    expect(nodeAdmitted('20.19.0', '~20.18.0')).toBe(false);
    expect(nodeAdmitted('20.19.0', '*')).toBe(true);
    expect(nodeAdmitted('20.19.0', '12.x || 14.x || >= 16')).toBe(true);
  });
});
