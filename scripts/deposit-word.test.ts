import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// A "sinal" binds an owner who cancels to pay it back twice over (Código Civil, art. 442.º): the
// deposit is a "pré-pagamento" in every text a guest or the owner reads (docs/payments.md). The
// comments that say why may name the word; the texts may not.

const ROOT = join(import.meta.dirname, '..');
const WORD = /(?<!\p{L})sina(?:l|is)(?!\p{L})/iu;

function files(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return files(path, keep);
    return keep(path) ? [path] : [];
  });
}

const isSource = (path: string) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path);

// Comments out: a line that is one, or what follows " // " on a line of code.
const withoutComments = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .map((line) => line.replace(/\s\/\/\s.*$/, ''))
    .join('\n');

function offending(paths: string[], strip = false): string[] {
  return paths.flatMap((path) => {
    const text = readFileSync(join(ROOT, path), 'utf8');
    return (strip ? withoutComments(text) : text)
      .split('\n')
      .filter((line) => WORD.test(line))
      .map((line) => `${relative(ROOT, join(ROOT, path))}: ${line.trim()}`);
  });
}

describe('the word for the deposit', () => {
  it('finds the word as a word in any case, and not inside another', () => {
    expect(WORD.test('O Sinal foi recebido')).toBe(true);
    expect(WORD.test('dois SINAIS')).toBe(true);
    expect(WORD.test('assinalar a data')).toBe(false);
    expect(WORD.test('o pré-pagamento foi recebido')).toBe(false);
  });

  it('is never "sinal" in the message catalogs', () => {
    expect(offending(files('src/client/i18n/messages', (p) => p.endsWith('.json')))).toEqual([]);
  });

  it('is never "sinal" in the content\'s defaults', () => {
    expect(offending(files('content', (p) => p.endsWith('.json')))).toEqual([]);
    expect(offending(files('src/shared', isSource), true)).toEqual([]);
  });

  it('is never "sinal" in the server\'s texts, the mails among them', () => {
    const server = files('src/server', isSource);
    expect(server.some((p) => p.endsWith('mail-texts.ts'))).toBe(true);
    expect(offending(server, true)).toEqual([]);
  });
});
