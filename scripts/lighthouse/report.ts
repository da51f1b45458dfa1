import type { Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { detailLines } from './audit-details.js';
import { CATEGORIES, type Figure, formatTarget, formatValue, median, verdict } from './figures.js';

export interface UrlResults {
  name: string;
  url: string;
  runs: Result[];
  figures: Figure[];
}

/** The figures whose median misses its target. */
export function misses({ runs, figures }: UrlResults): string[] {
  return figures
    .filter((figure) => verdict(figure, median(runs.map(figure.read))) === 'misses')
    .map((figure) => figure.label);
}

type AuditResult = Result['audits'][string];

// Modes whose score is null by design: nothing to fix there.
const UNSCORED = new Set(['informative', 'manual', 'notApplicable']);

function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows.map(
    (row) =>
      '  ' +
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
  );
}

/**
 * The run whose FCP and TTI are closest to the medians (Lighthouse's own choice of a representative
 * run), so the audit list comes from one coherent page load rather than a mix of three.
 */
export function medianRun(runs: Result[]): Result {
  try {
    return computeMedianRun(runs);
  } catch {
    // A run without FCP or TTI: fall back to the middle one rather than lose the audit list.
    const middle = runs[Math.floor(runs.length / 2)];
    if (!middle) throw new Error('no Lighthouse runs to summarise');
    return middle;
  }
}

function needsWork(audit: AuditResult): boolean {
  if (UNSCORED.has(audit.scoreDisplayMode)) return false;
  return audit.scoreDisplayMode === 'error' || (audit.score !== null && audit.score < 1);
}

/** Which categories use each audit, so a developer knows which score an audit holds back. */
function categoriesByAudit(lhr: Result): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      // Lighthouse 12 also ships the newer "insight" audits in a hidden group of performance;
      // marking them keeps them apart from the classic audits they duplicate.
      const label = ref.group === 'hidden' ? `${id}, hidden` : id;
      map.set(ref.id, [...(map.get(ref.id) ?? []), label]);
    }
  }
  return map;
}

function auditEntry(audit: AuditResult, runs: Result[], categories: Map<string, string[]>): string[] {
  const failing = runs.filter((run) => {
    const same = run.audits[audit.id];
    return same !== undefined && needsWork(same);
  }).length;
  const score = audit.scoreDisplayMode === 'error' ? 'error' : `score ${audit.score}`;
  const shown = audit.displayValue ? ` — ${audit.displayValue}` : '';
  const where = categories.get(audit.id)?.join('; ') ?? 'no category';
  return [
    `  - ${audit.id}: ${audit.title}${shown} (${score}; ${where}; below full score in ${failing}/${runs.length} runs)`,
    ...detailLines(audit).map((line) => `      ${line}`),
  ];
}

function auditLines(runs: Result[], representative: Result): string[] {
  const categories = categoriesByAudit(representative);
  const rank = (id: string) => {
    const first = categories.get(id)?.[0]?.split(',')[0] ?? '';
    const index = (CATEGORIES as readonly string[]).indexOf(first);
    return index === -1 ? CATEGORIES.length : index;
  };
  const byImpact = (a: AuditResult, b: AuditResult) =>
    rank(a.id) - rank(b.id) || (a.score ?? -1) - (b.score ?? -1) || a.id.localeCompare(b.id);
  const audits = Object.values(representative.audits).filter(needsWork).sort(byImpact);
  // A median figure can come from another run than the median run (say best practices 96 while
  // the median run scored 100), so the audits that fell short only elsewhere are listed too,
  // each as it was in the first run where it did.
  const others = new Map<string, AuditResult>();
  for (const run of runs) {
    if (run === representative) continue;
    for (const audit of Object.values(run.audits)) {
      if (needsWork(audit) && !audits.some((a) => a.id === audit.id) && !others.has(audit.id))
        others.set(audit.id, audit);
    }
  }
  return [
    ...(audits.length
      ? audits.flatMap((audit) => auditEntry(audit, runs, categories))
      : ['  (none: every scored audit passed in the median run)']),
    ...(others.size
      ? [
          '',
          '  Below full score only in the other runs:',
          ...[...others.values()].sort(byImpact).flatMap((audit) => auditEntry(audit, runs, categories)),
        ]
      : []),
  ];
}

/** The lines printed for one URL: the median figures beside their targets, then what to fix. */
export function summarise({ name, url, runs, figures }: UrlResults): string[] {
  const rows = [['Figure', 'Median', `Runs (${runs.length})`, 'Target', '']];
  for (const figure of figures) {
    const values = runs.map(figure.read);
    const value = median(values);
    rows.push([
      figure.label,
      formatValue(value, figure.unit),
      values.map((v) => formatValue(v, figure.unit)).join(' / '),
      formatTarget(figure),
      verdict(figure, value),
    ]);
  }
  const representative = medianRun(runs);
  const warnings = [...new Set(runs.flatMap((run) => run.runWarnings))];
  return [
    `== ${name}: ${url}`,
    ...table(rows),
    ...(warnings.length ? ['', '  Lighthouse warnings:', ...warnings.map((w) => `  - ${w}`)] : []),
    '',
    `  Audits without a full score in the median run (run ${runs.indexOf(representative) + 1} of ${runs.length}):`,
    ...auditLines(runs, representative),
  ];
}
