import type { ReactNode } from 'react';
import { m } from '../../i18n/paraglide/messages';

export interface Column {
  key: string;
  label: string;
}

interface Props {
  label: string;
  months: readonly string[];
  columns: readonly Column[];
  /** The cell of a column in a month's row, or in the year's when `month` is null. */
  cell: (column: Column, month: string | null) => ReactNode;
  monthLabel: (month: string) => string;
}

/** A month-by-month table with the year's total last: the chart's figures, for screen readers and copying. */
export function ReportTable({ label, months, columns, cell, monthLabel }: Props) {
  return (
    <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
      <table className="w-full min-w-[36rem] text-right text-sm tabular-nums">
        <caption className="sr-only">{label}</caption>
        <thead className="border-b border-slate-300 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-3 text-left">
              {m.reports_month()}
            </th>
            {columns.map((c) => (
              <th key={c.key} scope="col" className="py-2 pl-3 font-semibold">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month} className="border-b border-slate-100">
              <th scope="row" className="py-1.5 pr-3 text-left font-medium">
                {monthLabel(month)}
              </th>
              {columns.map((c) => (
                <td key={c.key} className="py-1.5 pl-3 whitespace-nowrap">
                  {cell(c, month)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 font-semibold">
          <tr>
            <th scope="row" className="py-2 pr-3 text-left">
              {m.reports_year_total()}
            </th>
            {columns.map((c) => (
              <td key={c.key} className="py-2 pl-3 whitespace-nowrap">
                {cell(c, null)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
