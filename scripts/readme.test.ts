import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The README is the front door: short enough to read, and its configuration table (like
// .env.example) names every variable the server reads (src/server/config.ts).

const ROOT = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const variables = [...read('src/server/config.ts').matchAll(/^ {4}([A-Z][A-Z0-9_]+): z/gm)].map((m) => m[1]);

describe('the README', () => {
  it('is at most 200 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(200);
  });

  it("names every variable of the server's configuration in its table, as .env.example does", () => {
    expect(variables.length).toBeGreaterThan(25);
    const table = read('README.md')
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    const example = read('.env.example');
    for (const name of variables) {
      expect(
        table.some((line) => line.startsWith(`| \`${name}\` |`)),
        `${name} in the README's table`,
      ).toBe(true);
      expect(example, `${name} in .env.example`).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
    }
  });
});
