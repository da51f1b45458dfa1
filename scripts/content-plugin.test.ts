import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentPlugin } from './content-plugin.js';

// The build's own content step: what `npm run build` runs before it bundles the page.
const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function build(content: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'estadia-content-'));
  folders.push(dir);
  writeFileSync(join(dir, 'property.json'), JSON.stringify(content));
  const plugin = contentPlugin(dir);
  const resolved = (plugin.resolveId as (id: string) => string)('virtual:content');
  return (plugin.load as (this: unknown, id: string) => string).call({ addWatchFile: () => undefined }, resolved);
}

const demo = JSON.parse(readFileSync('content/property.json', 'utf8')) as {
  about: { heading: Record<string, string> };
};

describe('the build of the content', () => {
  it('gives the page every language of the demo content', () => {
    expect(build(demo)).toMatch(/^export const contents = \{"en":\{.*\},"pt-PT":\{.*\}\};/);
  });

  it('leaves out the booking settings and the arrival instructions, the secret door instructions above all', () => {
    const file = structuredClone(demo) as unknown as {
      arrival: Record<string, unknown>;
      booking: Record<string, unknown>;
    };
    file.arrival = {
      ...file.arrival,
      doorInstructions: { en: 'Door code DOORSECRET-en', 'pt-PT': 'Código DOORSECRET-pt' },
    };
    const page = build(file);
    expect(page).not.toContain('DOORSECRET');
    expect(page).not.toContain('Take the A1');
    expect(page).not.toContain('PT50000201231234567890154');
    expect(page).toContain('Casa do Lago');
  });

  it('stops with the field and the locale of a missing Portuguese text', () => {
    const file = structuredClone(demo);
    delete file.about.heading['pt-PT'];
    expect(() => build(file)).toThrow(
      /property\.json is not valid:\n {2}about\.heading\.pt-PT: missing the pt-PT translation$/,
    );
  });
});
