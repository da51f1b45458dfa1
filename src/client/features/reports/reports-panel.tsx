import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { Channel } from '../../../shared/channels';
import type { Report, ReportRow } from '../../../shared/reports';
import { formatAmount } from '../../../shared/quote-text';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { useAdminApi } from '../../lib/use-admin-api';
import { Field } from '../../ui/field';
import { type Column, ReportTable } from './report-tables';
import { ExportForm } from './export-form';
import { StackedBars } from './stacked-bars';

const COLORS: Record<Channel, string> = {
  direct: '#245349',
  airbnb: '#c2410c',
  booking: '#1d4ed8',
  vrbo: '#7c3aed',
  phone: '#a16207',
  other: '#64748b',
};

type Money =
  | 'grossCents'
  | 'commissionCents'
  | 'stripeFeeCents'
  | 'refundsCents'
  | 'disputesLostCents'
  | 'netCents'
  | 'touristTaxCents'
  | 'touristTaxDueCents';

/**
 * The owner's books for a year (docs/reports.md): occupancy and revenue by month, stacked by
 * channel, each chart with the table of its figures, and the accountant's export.
 */
export function ReportsPanel({ year, onYear }: { year: number; onYear: (year: number) => void }) {
  const id = useId();
  const adminApi = useAdminApi();
  const query = useQuery({
    queryKey: ['admin', 'reports', year],
    queryFn: () => adminApi<Report>(`/api/admin/reports?year=${year}`),
    retry: false,
  });
  const report = query.data;
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 6 }, (_, i) => thisYear + 1 - i);
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl bg-white p-6 shadow-sm" data-testid="reports">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id={`${id}-heading`} className="text-2xl font-semibold text-lake-800">
          {m.reports_heading({ year })}
        </h2>
        <Field label={m.reports_year()} density="admin" inline>
          {(control) => (
            <select {...control} value={year} onChange={(e) => onYear(Number(e.target.value))}>
              {(years.includes(year) ? years : [year, ...years]).map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <p className="mt-2 max-w-prose text-sm text-slate-700">{m.reports_intro()}</p>
      {!report ? (
        <p className="mt-4 text-slate-700" role={query.isError ? 'alert' : 'status'}>
          {query.isError ? m.reports_loadError() : m.reports_loading()}
        </p>
      ) : (
        <Figures report={report} />
      )}
      <ExportForm year={year} />
    </section>
  );
}

function Figures({ report }: { report: Report }) {
  const id = useId();
  const months = [...new Set(report.months.map((r) => r.month))];
  const channels = [...new Set(report.months.map((r) => r.channel))];
  const row = (month: string, channel: Channel) =>
    report.months.find((r) => r.month === month && r.channel === channel) as ReportRow;
  const rowsOf = (month: string | null) => report.months.filter((r) => month === null || r.month === month);
  const sum = (rows: readonly ReportRow[], key: keyof ReportRow) => rows.reduce((n, r) => n + (r[key] as number), 0);
  const money = (cents: number) => formatAmount(cents, report.currency, pageLocale);
  const percent = new Intl.NumberFormat(pageLocale, { style: 'percent', maximumFractionDigits: 1 });
  const monthName = new Intl.DateTimeFormat(pageLocale, { month: 'short', timeZone: 'UTC' });
  const monthLabel = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));
  const channelName = (c: Channel) => m[`reports_channel_${c}`]();
  // The month's nights available are the same in each of its rows; the year's, their sum over months.
  const available = (month: string | null) =>
    month === null ? months.reduce((n, mo) => n + row(mo, 'direct').available, 0) : row(month, 'direct').available;
  const adr = (rows: readonly ReportRow[]) => {
    const nights = sum(rows, 'nights');
    return nights ? Math.round(rows.reduce((n, r) => n + r.adrCents * r.nights, 0) / nights) : 0;
  };

  const nightColumns: Column[] = [
    ...channels.map((c) => ({ key: c, label: channelName(c) })),
    { key: 'nights', label: m.reports_nights() },
    { key: 'available', label: m.reports_available() },
    { key: 'occupancy', label: m.reports_occupancy() },
    { key: 'adr', label: m.reports_adr() },
  ];
  const nightCell = (column: Column, month: string | null) => {
    const rows = rowsOf(month);
    if (column.key === 'nights') return sum(rows, 'nights');
    if (column.key === 'available') return available(month);
    if (column.key === 'occupancy') {
      const a = available(month);
      return percent.format(a ? sum(rows, 'nights') / a : 0);
    }
    if (column.key === 'adr') return money(adr(rows));
    return sum(
      rows.filter((r) => r.channel === column.key),
      'nights',
    );
  };

  const moneyKeys: Array<[Money, string]> = [
    ['grossCents', m.reports_gross()],
    ['commissionCents', m.reports_commission()],
    ['stripeFeeCents', m.reports_stripeFees()],
    ['refundsCents', m.reports_refunds()],
    ['disputesLostCents', m.reports_disputesLost()],
    ['netCents', m.reports_net()],
    ['touristTaxCents', m.reports_touristTax()],
    ['touristTaxDueCents', m.reports_touristTaxDue()],
  ];
  const moneyColumns: Column[] = [
    ...channels.map((c) => ({ key: c, label: `${m.reports_gross()}: ${channelName(c)}` })),
    ...moneyKeys.map(([key, label]) => ({ key, label })),
  ];
  const moneyCell = (column: Column, month: string | null) => {
    const rows = rowsOf(month);
    const key = moneyKeys.find(([k]) => k === column.key)?.[0];
    if (key) return money(sum(rows, key));
    return money(
      sum(
        rows.filter((r) => r.channel === column.key),
        'grossCents',
      ),
    );
  };

  const series = (key: keyof ReportRow) =>
    channels.map((c) => ({
      key: c,
      label: channelName(c),
      color: COLORS[c],
      values: months.map((mo) => row(mo, c)[key] as number),
    }));
  const labels = months.map(monthLabel);
  // Platform reservations not yet stays fill the occupancy, not the money (decision 0053).
  const uncompleted = report.months.reduce((sum, r) => sum + r.uncompletedNights, 0);
  return (
    <>
      <h3 id={`${id}-occupancy`} className="mt-6 text-xl font-semibold text-lake-800">
        {m.reports_occupancyHeading()}
      </h3>
      {uncompleted > 0 && (
        <p data-testid="reports-uncompleted" className="mt-1 max-w-prose text-sm text-amber-900">
          {m.reports_uncompleted({ count: uncompleted })}
        </p>
      )}
      <StackedBars
        labels={labels}
        series={channels.map((c) => ({
          key: c,
          label: channelName(c),
          color: COLORS[c],
          values: months.map((mo) => {
            const r = row(mo, c);
            return r.available ? r.nights / r.available : 0;
          }),
        }))}
        max={1}
        format={(share) => percent.format(share)}
        title={m.reports_occupancyChart()}
      />
      <ReportTable
        label={m.reports_tableLabel({ what: m.reports_occupancyHeading(), year: report.year })}
        months={months}
        columns={nightColumns}
        cell={nightCell}
        monthLabel={monthLabel}
      />
      <h3 id={`${id}-revenue`} className="mt-8 text-xl font-semibold text-lake-800">
        {m.reports_revenueHeading()}
      </h3>
      <StackedBars labels={labels} series={series('grossCents')} format={money} title={m.reports_revenueChart()} />
      <ReportTable
        label={m.reports_tableLabel({ what: m.reports_revenueHeading(), year: report.year })}
        months={months}
        columns={moneyColumns}
        cell={moneyCell}
        monthLabel={monthLabel}
      />
    </>
  );
}
