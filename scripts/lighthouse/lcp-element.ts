import type { Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

// Which element Lighthouse took as the largest paint, in the run closest to the medians: the
// headline's text or the hero photo. On the dark photo set it must be the headline
// (docs/decisions/0048-the-headline-is-the-first-paint.md).

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first node of a details object, however deep Lighthouse nests its tables. */
function firstNode(details: unknown): Record<string, unknown> | undefined {
  if (!isRecord(details)) return undefined;
  if (details.type === 'node') return details;
  for (const value of Object.values(details)) {
    const list = Array.isArray(value) ? value : [value];
    for (const item of list) {
      const node = firstNode(item);
      if (node) return node;
    }
  }
  return undefined;
}

/** "photo" or "text “…”", short enough for a table cell. */
export function lcpElement(runs: Result[]): string {
  const run = computeMedianRun(runs);
  const node = firstNode(run.audits['largest-contentful-paint-element']?.details);
  if (!node) return 'unknown';
  const selector = typeof node.selector === 'string' ? node.selector : '';
  const label = typeof node.nodeLabel === 'string' ? node.nodeLabel.replace(/\s+/g, ' ').trim() : '';
  if (/\b(img|picture)\b/.test(selector)) return 'photo';
  return `text “${label.length > 40 ? `${label.slice(0, 39)}…` : label}”`;
}
