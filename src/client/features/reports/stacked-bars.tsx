import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

// Chart.js, with only what stacked bars use, registered once. This module is imported by the
// reports screen alone, which the admin loads lazily: the library never reaches a public page
// (docs/decisions/0042-a-chart-library-for-the-reports.md).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

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
  /** The top of the scale (1 for a share), else the tallest bar's. */
  max?: number;
  /** A value as the scale and the tooltips write it. */
  format: (value: number) => string;
}

/**
 * Bars stacked by series, drawn by Chart.js on a canvas, which is one image to a screen reader
 * (its title); the table beside it is the figures' accessible form. The chart is made when the
 * figures change and destroyed with the component.
 */
export function StackedBars({ labels, series, title, max, format }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // The latest formatter, without making a new chart on each render for a new function.
  const formatRef = useRef(format);
  useEffect(() => {
    formatRef.current = format;
  });
  const figures = JSON.stringify({ labels, series, max });

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const { labels, series, max } = JSON.parse(figures) as Pick<Props, 'labels' | 'series' | 'max'>;
    const chart = new Chart(element, {
      type: 'bar',
      data: {
        labels: [...labels],
        datasets: series.map((s) => ({ label: s.label, data: [...s.values], backgroundColor: s.color })),
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: {
          x: { stacked: true, grid: { display: false }, ticks: { color: '#334155' } },
          y: {
            stacked: true,
            beginAtZero: true,
            ...(max === undefined ? {} : { max }),
            ticks: { color: '#334155', maxTicksLimit: 5, callback: (value) => formatRef.current(Number(value)) },
          },
        },
        plugins: {
          tooltip: {
            callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${formatRef.current(item.parsed.y ?? 0)}` },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [figures]);

  return (
    // As wide as the screen's card, as the tables under it: twelve months of bars need the room.
    <figure className="mt-3">
      <div className="relative h-56 w-full lg:h-72">
        <canvas ref={canvas} role="img" aria-label={title} data-testid="report-chart" />
      </div>
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
