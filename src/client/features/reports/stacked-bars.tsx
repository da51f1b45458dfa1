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
  /** A line across each bar (the nights available), when given. */
  limits?: readonly number[];
}

const WIDTH = 640;
const HEIGHT = 220;
const BOTTOM = 24;
const LEFT = 8;

/**
 * Bars stacked by series, drawn as SVG: no chart library in the admin's bundle for twelve bars.
 * Each bar is a group whose title tells its figures on hover; the table beside it is the figures'
 * accessible form.
 */
export function StackedBars({ labels, series, title, limits }: Props) {
  const totals = labels.map((_, i) => series.reduce((n, s) => n + Math.max(0, s.values[i] ?? 0), 0));
  const top = Math.max(1, ...totals, ...(limits ?? []));
  const slot = (WIDTH - LEFT) / labels.length;
  const bar = slot * 0.64;
  const scale = (value: number) => (value / top) * (HEIGHT - BOTTOM - 8);
  return (
    <figure className="mt-3">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-label={title}>
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
              {limits?.[i] !== undefined && (
                <line
                  x1={x - 3}
                  x2={x + bar + 3}
                  y1={HEIGHT - BOTTOM - scale(limits[i] as number)}
                  y2={HEIGHT - BOTTOM - scale(limits[i] as number)}
                  stroke="#0f172a"
                  strokeDasharray="4 3"
                />
              )}
              <text x={x + bar / 2} y={HEIGHT - 6} textAnchor="middle" fontSize="13" fill="#334155">
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
