export interface Series {
  key: string;
  label: string;
  color: string;
  values: readonly number[];
}

interface Props {
  /** The bars' labels, one per value of each series. */
  labels: readonly string[];
  series: readonly Series[];
  /** What the whole chart shows, for screen readers: the table beside it holds its figures. */
  title: string;
  /** The top of the scale (1 for a share), else the tallest bar. */
  max?: number;
  /** The scale's top, written above its line. */
  format: (value: number) => string;
}

const WIDTH = 480;
const HEIGHT = 200;
const BOTTOM = 24;
const TOP = 22;
const LEFT = 8;

/**
 * Bars stacked by series, drawn as SVG: no chart library in the admin's bundle for twelve bars.
 * Each bar is a group whose title tells its figures on hover; the table beside it is the figures'
 * accessible form.
 */
export function StackedBars({ labels, series, title, max, format }: Props) {
  const totals = labels.map((_, i) => series.reduce((n, s) => n + Math.max(0, s.values[i] ?? 0), 0));
  const top = max ?? Math.max(...totals);
  const slot = (WIDTH - LEFT) / labels.length;
  const bar = slot * 0.64;
  const scale = (value: number) => (top > 0 ? (value / top) * (HEIGHT - BOTTOM - TOP) : 0);
  return (
    <figure className="mt-3 max-w-xl">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-label={title}>
        <text x={LEFT} y={TOP - 8} fontSize="14" fill="#334155">
          {format(top)}
        </text>
        <line x1={LEFT} x2={WIDTH} y1={TOP} y2={TOP} stroke="#cbd5e1" strokeDasharray="4 3" />
        <line x1={LEFT} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} stroke="#94a3b8" />
        {labels.map((label, i) => {
          const x = LEFT + i * slot + (slot - bar) / 2;
          let y = HEIGHT - BOTTOM;
          return (
            <g key={label}>
              {series.map((s) => {
                const h = scale(Math.max(0, s.values[i] ?? 0));
                y -= h;
                return h > 0 ? <rect key={s.key} x={x} y={y} width={bar} height={h} fill={s.color} /> : null;
              })}
              <text x={x + bar / 2} y={HEIGHT - 6} textAnchor="middle" fontSize="14" fill="#334155">
                {label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        {series.map((s) => (
          <span key={s.key} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ backgroundColor: s.color }} />
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
