import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatAmount } from '../../../shared/quote-text';
import type { TaxReturn } from '../../../shared/tourist-tax-return';
import { useAdminApi } from '../../lib/use-admin-api';
import { Field } from '../../ui/field';

const CHANNEL_NAMES: Record<string, string> = {
  direct: 'This site',
  airbnb: 'Airbnb',
  booking: 'Booking.com',
  vrbo: 'Vrbo',
  phone: 'Phone',
  other: 'Other',
};

/**
 * The tourist tax's monthly return (docs/stays.md): each stay's person-nights of the month, taxed
 * and exempt with the reason, who collected the tax, and what the owner owes the municipality.
 */
export function TouristTaxPanel({ month, onMonth }: { month: string; onMonth: (month: string) => void }) {
  const id = useId();
  const adminApi = useAdminApi();
  const query = useQuery({
    queryKey: ['admin', 'tourist-tax', month],
    queryFn: () => adminApi<TaxReturn>(`/api/admin/tourist-tax?month=${encodeURIComponent(month)}`),
    retry: false,
  });
  const report = query.data;
  const money = (cents: number) => formatAmount(cents, report?.currency ?? 'EUR', 'en');
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl bg-white p-6 shadow-sm" data-testid="tourist-tax">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id={`${id}-heading`} className="text-2xl font-semibold text-lake-800">
          Tourist tax return{report?.municipality ? `: ${report.municipality}` : ''}
        </h2>
        <Field label="Month" density="admin" inline>
          {(control) => (
            <input
              {...control}
              type="month"
              value={month}
              required
              onChange={(e) => e.target.value && onMonth(e.target.value)}
            />
          )}
        </Field>
      </div>
      {!report ? (
        <p className="mt-4 text-slate-700" role={query.isError ? 'alert' : 'status'}>
          {query.isError ? 'The return could not be loaded.' : 'Loading the return...'}
        </p>
      ) : report.municipality === null ? (
        <p className="mt-4 text-slate-700">
          The content states no tourist tax (Site content, Prices). Nothing is owed for {month}.
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700">
            Person-nights of {month} for every stay, whatever its channel: a stay&apos;s nights count in the month each
            night falls in. The figures are computed from the stays and the content&apos;s rule.
          </p>
          <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label={`Stays of ${month}`}>
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">Stays of {month}</caption>
              <thead className="border-b border-slate-300 text-slate-700">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    Stay
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Channel
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Dates
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Taxed
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Exempt
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Collected by
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.items.length === 0 && (
                  <tr>
                    <td colSpan={7} className="py-3 text-slate-700">
                      No stays with nights in {month}.
                    </td>
                  </tr>
                )}
                {report.items.map((item) => (
                  <tr key={item.code} className="border-b border-slate-100 align-top" data-testid="tax-item">
                    <th scope="row" className="py-2 pr-3 font-medium">
                      <Link to={`/admin/bookings/${item.code}`} className="text-lake-700 underline">
                        {item.code}
                      </Link>
                    </th>
                    <td className="py-2 pr-3">{CHANNEL_NAMES[item.channel] ?? item.channel}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">
                      {item.checkIn} – {item.checkOut}
                    </td>
                    <td className="py-2 pr-3 text-right">{item.nightsTaxed}</td>
                    <td className="py-2 pr-3">
                      {item.nightsExempt === 0
                        ? '0'
                        : item.exempt.map((e) => (
                            <span key={e.reason} className="block">
                              {e.nights} · {e.label}
                            </span>
                          ))}
                    </td>
                    <td className="py-2 pr-3">{item.collectedBy === 'platform' ? 'Platform' : 'Owner'}</td>
                    <td className="py-2 text-right whitespace-nowrap">{money(item.amountCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className="mt-4 grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6" data-testid="tax-totals">
            <dt className="text-slate-700">Person-nights taxed / exempt</dt>
            <dd>
              {report.totals.nightsTaxed} / {report.totals.nightsExempt}
            </dd>
            <dt className="text-slate-700">Collected by platforms</dt>
            <dd>{money(report.totals.platformCents)}</dd>
            <dt className="font-semibold text-lake-800">Due to the municipality</dt>
            <dd className="font-semibold text-lake-800" data-testid="tax-due">
              {money(report.totals.dueCents)}
            </dd>
          </dl>
          <a
            href={`/api/admin/tourist-tax?month=${encodeURIComponent(month)}&format=csv`}
            download={`tourist-tax-${month}.csv`}
            className="mt-4 inline-block rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
          >
            Download the CSV
          </a>
        </>
      )}
    </section>
  );
}
