import type { Result } from 'lighthouse';

type AuditResult = Result['audits'][string];

// A few items of an audit's table are enough to point at the culprit (the file, element or
// console error); the JSON report in test-results/ holds the rest.
const MAX_ITEMS = 3;
const MAX_CHARS = 160;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_CHARS ? `${line.slice(0, MAX_CHARS - 1)}…` : line;
}

/** One table cell as text; the report's details are loosely typed, so every shape is checked. */
function cell(value: unknown, valueType: string | undefined): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (valueType === 'bytes') return `${(value / 1024).toFixed(1)} KiB`;
    if (valueType === 'ms' || valueType === 'timespanMs') return `${Math.round(value)} ms`;
    return Number.isInteger(value) ? String(value) : value.toFixed(3);
  }
  if (!isRecord(value)) return '';
  switch (value.type) {
    case 'node': {
      const selector = typeof value.selector === 'string' ? value.selector : '';
      const label = typeof value.nodeLabel === 'string' ? ` "${value.nodeLabel}"` : '';
      return `${selector}${label}`.trim();
    }
    case 'source-location':
      return `${String(value.url)}:${String(value.line)}:${String(value.column)}`;
    case 'text':
    case 'code':
    case 'url':
      return typeof value.value === 'string' ? value.value : '';
    default:
      return '';
  }
}

/** The first table of the details: audits either have one, or wrap a few in a list. */
interface Column {
  key: string;
  valueType: string | undefined;
}

function firstTable(details: unknown): { columns: Column[]; items: unknown[] } | undefined {
  if (!isRecord(details)) return undefined;
  if (
    (details.type === 'table' || details.type === 'opportunity') &&
    Array.isArray(details.headings) &&
    Array.isArray(details.items)
  ) {
    const columns = details.headings.flatMap((heading) =>
      isRecord(heading) && typeof heading.key === 'string'
        ? [{ key: heading.key, valueType: typeof heading.valueType === 'string' ? heading.valueType : undefined }]
        : [],
    );
    return { columns, items: details.items };
  }
  if (details.type === 'list' && Array.isArray(details.items)) {
    for (const item of details.items) {
      const table = firstTable(item);
      if (table && table.items.length > 0) return table;
    }
  }
  return undefined;
}

/** Short lines that say why an audit fell short: its explanation and its first few items. */
export function detailLines(audit: AuditResult): string[] {
  const lines: string[] = [];
  if (audit.explanation) lines.push(clip(audit.explanation));
  if (audit.scoreDisplayMode === 'error' && audit.errorMessage) lines.push(clip(`error: ${audit.errorMessage}`));
  const table = firstTable(audit.details);
  if (table) {
    for (const item of table.items.slice(0, MAX_ITEMS)) {
      if (!isRecord(item)) continue;
      const text = table.columns
        .map(({ key, valueType }) => cell(item[key], valueType))
        .filter(Boolean)
        .join(' | ');
      if (text) lines.push(clip(text));
    }
    if (table.items.length > MAX_ITEMS) lines.push(`… and ${table.items.length - MAX_ITEMS} more`);
  }
  return lines;
}
