import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentError, loadProperty } from './content.js';

const good = JSON.parse(readFileSync('content/property.json', 'utf8')) as Record<string, unknown>;
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function folderWith(content: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'estadia-content-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'property.json'), typeof content === 'string' ? content : JSON.stringify(content));
  return dir;
}

describe('loadProperty', () => {
  it('reads the demo content', () => {
    expect(loadProperty('content')).toMatchObject({ name: 'Casa do Lago', titleSuffix: 'Lake House in Castelo de Bode', capacity: 7, bedrooms: 3 });
  });

  it('names the bad field of an invalid file', () => {
    const dir = folderWith({ ...good, contact: { ...(good.contact as object), email: 'not-an-email' }, checkIn: { from: '3pm', until: '20:00' } });
    expect(() => loadProperty(dir)).toThrow(ContentError);
    expect(() => loadProperty(dir)).toThrow(/contact\.email:[\s\S]*checkIn\.from: must be a time/);
  });

  it('says so when the file is missing or not JSON', () => {
    expect(() => loadProperty(folderWith('{ nope'))).toThrow(/Cannot read .*property\.json/);
    expect(() => loadProperty(join(tmpdir(), 'estadia-no-such-folder'))).toThrow(ContentError);
  });
});
