import type { BudgetResult } from '../budgets.js';
import { machineLines, markdownTable, writeFigureFile } from '../performance-file.js';
import { formatTarget, formatValue, median } from './figures.js';
import { lcpElement } from './lcp-element.js';
import { misses, type UrlResults } from './report.js';

// docs/performance/lighthouse.md: the medians of `npm run lighthouse` beside their targets, written
// at the end of every complete run.

/** One page measured with one photo set: its results, and which page and set they are. */
export interface MeasuredPage extends UrlResults {
  path: string;
  photos: 'demo' | 'real' | 'dark';
  desktop: boolean;
}

export interface LighthouseRun {
  started: Date;
  /** The load average at the start: 1, 5 and 15 minutes. */
  load: readonly number[];
  browser: string;
  lighthouseVersion: string;
  /** Form factor and throttling, as Lighthouse reports them. */
  settings: string;
  benchmarkIndex: number | undefined;
  runsPerPage: number;
  pages: MeasuredPage[];
  budgets: BudgetResult;
  /** What the real-photo build misses: the script fails on each. */
  missed: string[];
}

/** The figures in the table, by their label in figures.ts, with the column's short name. */
const COLUMNS = [
  ['Performance', 'Perf.'],
  ['Accessibility', 'A11y'],
  ['Best practices', 'Best pr.'],
  ['SEO', 'SEO'],
  ['First Contentful Paint', 'FCP'],
  ['Largest Contentful Paint', 'LCP'],
  ['Total Blocking Time', 'TBT'],
  ['Cumulative Layout Shift', 'CLS'],
  ['Total bytes transferred', 'Bytes'],
] as const;

const shortName = (label: string) => COLUMNS.find(([full]) => full === label)?.[1] ?? label;
const setName = (page: MeasuredPage) => `${page.photos} photos, ${page.desktop ? 'desktop' : 'mobile'}`;

function medianRow(page: MeasuredPage): string[] {
  const cells = COLUMNS.map(([label]) => {
    const figure = page.figures.find((f) => f.label === label);
    return figure ? formatValue(median(page.runs.map(figure.read)), figure.unit) : 'n/a';
  });
  const missed = misses(page).map(shortName);
  return [
    `\`${page.path}\`${page.desktop ? ', desktop' : ''}`,
    page.photos,
    ...cells,
    missed.length ? `missed: ${missed.join(', ')}` : 'met',
  ];
}

/** A figure's target, or its targets and the photo sets and form factors each applies to. */
function targetCell(pages: MeasuredPage[], label: string): string {
  const groups = new Map<string, string[]>();
  for (const page of pages) {
    const figure = page.figures.find((f) => f.label === label);
    if (!figure?.target) continue;
    const target = formatTarget(figure);
    const sets = groups.get(target) ?? [];
    if (!sets.includes(setName(page))) sets.push(setName(page));
    groups.set(target, sets);
  }
  if (groups.size <= 1) return [...groups.keys()][0] ?? 'none';
  return [...groups].map(([target, sets]) => `${target} (${sets.join('; ')})`).join(', ');
}

/** Writes docs/performance/lighthouse.md; returns its path. */
export function writeLighthouseFile(run: LighthouseRun): string {
  const { pages, budgets } = run;
  const within = budgets.checked - budgets.failed;
  return writeFigureFile({
    file: 'lighthouse.md',
    title: 'Lighthouse figures',
    command: 'npm run lighthouse',
    script: 'scripts/lighthouse.ts',
    body: [
      `- Date: ${run.started.toISOString()} (the start of the run)`,
      ...machineLines(run.load),
      `- Browser: ${run.browser}`,
      `- Lighthouse: ${run.lighthouseVersion}; ${run.settings}; benchmark index ${run.benchmarkIndex ?? 'unknown'} (higher is faster)`,
      `- Medians of ${run.runsPerPage} runs per page; the desktop rows use Lighthouse's desktop preset`,
      '',
      '## Medians',
      '',
      ...markdownTable(
        ['Page', 'Photos', ...COLUMNS.map(([, short]) => short), 'Targets'],
        pages.map((page) => medianRow(page)),
      ),
      '',
      run.missed.length
        ? `The real- and dark-photo builds miss: ${run.missed.join('; ')}. The script exits with an error for that.`
        : 'The real- and dark-photo builds meet every target, and the real-photo build every size budget.',
      'The demo build is measured for comparison; the script does not fail on its figures.',
      'The dark set is the real photographs blurred and darkened: there the browser does not take the',
      "hero photo as the largest paint, so LCP is the headline's own paint.",
      '',
      '## Largest paint',
      '',
      'The element Lighthouse took as the largest contentful paint, in the run closest to the medians.',
      '',
      ...markdownTable(
        ['Page', 'Photos', 'LCP element'],
        pages.filter((page) => !page.desktop).map((page) => [`\`${page.path}\``, page.photos, lcpElement(page.runs)]),
      ),
      '',
      '## Targets',
      '',
      'Scores are out of 100, and a score must reach its target. The other figures must stay within theirs.',
      '',
      ...markdownTable(
        ['Figure', 'Target'],
        COLUMNS.map(([label, short]) => [label === short ? label : `${label} (${short})`, targetCell(pages, label)]),
      ),
      '',
      '## Size budgets',
      '',
      `The real-photo build is within ${within} of its ${budgets.checked} size budgets, on the landing pages ${budgets.pages.map((page) => `\`${page}\``).join(', ')}.`,
      'scripts/budgets.ts sets the budgets; `npm test` checks the same budgets on the demo build.',
      '',
      ...markdownTable(
        ['Budget', 'Size', 'Budget', ''],
        budgets.all.map((b) => [
          b.name,
          `${(b.actual / 1024).toFixed(1)} KB`,
          `${(b.budget / 1024).toFixed(1)} KB`,
          b.actual <= b.budget ? 'within' : 'over',
        ]),
      ),
    ],
  });
}
