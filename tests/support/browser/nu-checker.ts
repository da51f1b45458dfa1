import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The W3C Nu HTML checker (the vnu-jar package's jar, on the machine's Java). One run checks
// several documents, since starting its JVM costs more than checking a page.
const jar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/**
 * The checker's CSS grammar predates what Tailwind 4 writes and every current browser reads:
 * `@property` (CSS Properties and Values, in Chromium, Firefox and Safari since 2024), custom
 * properties named in `transition-property`, and `margin-trim` inside `@supports` (which exists to
 * ask for it). Exactly these messages are set aside; any other CSS error still fails.
 */
const CHECKER_CSS_GAPS = [
  /^CSS: Unrecognized at-rule “@property”/,
  /^CSS: “transition-property”: “--[\w-]+” is not a “transition-property” value\.$/,
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.$/,
];

interface NuMessage {
  url?: string;
  type: string;
  subType?: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

function runChecker(files: string[]): Promise<NuMessage[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('java', ['-jar', jar, '--format', 'json', '--exit-zero-always', ...files], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve((JSON.parse(out) as { messages: NuMessage[] }).messages);
      } catch {
        reject(new Error(`the Nu checker exited ${code} without a report: ${out.slice(0, 500)}`));
      }
    });
  });
}

/** Each named document's errors as "line: message [extract]"; warnings and notes are left out. */
export async function nuErrors(documents: Record<string, string>): Promise<Record<string, string[]>> {
  const dir = await mkdtemp(join(tmpdir(), 'nu-'));
  try {
    const names = Object.keys(documents);
    const files = names.map((_, i) => join(dir, `${i}.html`));
    await Promise.all(names.map((name, i) => writeFile(files[i]!, documents[name]!)));
    const messages = await runChecker(files);
    const errors: Record<string, string[]> = Object.fromEntries(names.map((name) => [name, []]));
    for (const m of messages) {
      if (m.type !== 'error' && m.type !== 'non-document-error') continue;
      if (CHECKER_CSS_GAPS.some((gap) => gap.test(m.message))) continue;
      const index = files.findIndex((file) => m.url?.endsWith(file));
      const text = `${m.lastLine ?? '?'}: ${m.message} [${(m.extract ?? '').trim().slice(0, 120)}]`;
      (errors[names[index] ?? 'the checker'] ??= []).push(text);
    }
    return errors;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
