import type { Result } from 'lighthouse';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** One printed figure: how to read it from a report, its unit and the target, if any. */
export interface Figure {
  label: string;
  unit: 'score' | 'ms' | 'cls' | 'KB';
  read: (lhr: Result) => number | undefined;
  target?: { limit: number; atLeast: boolean };
}

const categoryScore = (id: string) => (lhr: Result) => {
  const score = lhr.categories[id]?.score;
  return typeof score === 'number' ? Math.round(score * 100) : undefined;
};
const auditValue =
  (id: string, scale = 1) =>
  (lhr: Result) => {
    const value = lhr.audits[id]?.numericValue;
    return typeof value === 'number' ? value / scale : undefined;
  };

// The targets: printed beside each median; `npm run lighthouse` fails when the real-photo build
// misses one (docs/decisions/0015-real-photos-and-first-view.md). Performance's target depends on
// the photo set and the form factor, so it is given.
export function figures(performance: number): Figure[] {
  return [
    {
      label: 'Performance',
      unit: 'score',
      read: categoryScore('performance'),
      target: { limit: performance, atLeast: true },
    },
    {
      label: 'Accessibility',
      unit: 'score',
      read: categoryScore('accessibility'),
      target: { limit: 100, atLeast: true },
    },
    {
      label: 'Best practices',
      unit: 'score',
      read: categoryScore('best-practices'),
      target: { limit: 100, atLeast: true },
    },
    { label: 'SEO', unit: 'score', read: categoryScore('seo'), target: { limit: 100, atLeast: true } },
    { label: 'First Contentful Paint', unit: 'ms', read: auditValue('first-contentful-paint') },
    {
      label: 'Largest Contentful Paint',
      unit: 'ms',
      read: auditValue('largest-contentful-paint'),
      target: { limit: 1800, atLeast: false },
    },
    {
      label: 'Total Blocking Time',
      unit: 'ms',
      read: auditValue('total-blocking-time'),
      target: { limit: 50, atLeast: false },
    },
    {
      label: 'Cumulative Layout Shift',
      unit: 'cls',
      read: auditValue('cumulative-layout-shift'),
      target: { limit: 0.01, atLeast: false },
    },
    { label: 'Speed Index', unit: 'ms', read: auditValue('speed-index') },
    {
      label: 'Total bytes transferred',
      unit: 'KB',
      read: auditValue('total-byte-weight', 1024),
      target: { limit: 350, atLeast: false },
    },
  ];
}

/** The median of the values that exist; each figure gets its own median, as Lighthouse's docs advise. */
export function median(values: Array<number | undefined>): number | undefined {
  const sorted = values.filter((v): v is number => v !== undefined && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] as number;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] as number) + upper) / 2;
}

export function formatValue(value: number | undefined, unit: Figure['unit']): string {
  if (value === undefined) return 'n/a';
  switch (unit) {
    case 'score':
      return String(Math.round(value));
    case 'ms':
      return `${Math.round(value)} ms`;
    case 'cls':
      return value.toFixed(3);
    case 'KB':
      return `${value.toFixed(1)} KB`;
  }
}

export function formatTarget(figure: Figure): string {
  if (!figure.target) return '';
  const { limit, atLeast } = figure.target;
  // A score cannot exceed 100, so its target reads as the plain number.
  if (figure.unit === 'score') return formatValue(limit, figure.unit);
  return `${atLeast ? '≥' : '≤'} ${formatValue(limit, figure.unit)}`;
}

export function verdict(figure: Figure, value: number | undefined): string {
  if (!figure.target || value === undefined) return '';
  const { limit, atLeast } = figure.target;
  return (atLeast ? value >= limit : value <= limit) ? 'meets' : 'misses';
}
