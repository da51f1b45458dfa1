import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, relative } from 'node:path';

// The figure files in docs/performance/: each is written whole by the script that measures, so the
// figures in the repository are always those of one run, never edited by hand (docs/performance.md).

const DIR = join(import.meta.dirname, '..', 'docs', 'performance');

/** The machine a figure file's run was made on: its CPU, how busy it was at the start, and Node. */
export function machineLines(load: readonly number[]): string[] {
  const cpu = cpus();
  return [
    `- CPU: ${cpu[0]?.model.trim() ?? 'unknown'} × ${cpu.length}`,
    `- Load average at the start: ${load.map((n) => n.toFixed(2)).join(', ')} (1, 5 and 15 minutes)`,
    `- Node: ${process.version}`,
  ];
}

/** A Markdown table; a `|` in a cell is escaped so that it stays one cell. */
export function markdownTable(head: readonly string[], rows: ReadonlyArray<readonly string[]>): string[] {
  const line = (cells: readonly string[]) => `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)];
}

export interface FigureFile {
  /** The file's name in docs/performance/. */
  file: string;
  title: string;
  /** The command a person runs to write it again, such as `npm run lighthouse`. */
  command: string;
  /** The script that writes it, such as scripts/lighthouse.ts. */
  script: string;
  body: readonly string[];
}

/** Writes docs/performance/<file> under the header every figure file starts with; returns its path. */
export function writeFigureFile({ file, title, command, script, body }: FigureFile): string {
  const path = join(DIR, file);
  mkdirSync(DIR, { recursive: true });
  const text = [
    `# ${title}`,
    '',
    `Written by \`${command}\` (${script}) at the end of each complete run. Do not edit it by hand:`,
    'run the command again. How the figures are measured: [docs/performance.md](../performance.md).',
    '',
    ...body,
  ];
  writeFileSync(path, `${text.join('\n').trimEnd()}\n`);
  return relative(process.cwd(), path);
}
