import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatAmount } from '../../../shared/quote-text';
import { PAST_MAX_NIGHTS, UNDER_AGE } from '../../../shared/tourist-tax';
import type { TaxReturn } from '../../../shared/tourist-tax-return';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { formatAdminStayDay, formatStayMonth } from '../../lib/format-date';
import { useAdminApi } from '../../lib/use-admin-api';
import { Field } from '../../ui/field';

/** A channel in words, the stays screen's (`stays_channel_*`); an unknown one as it came. */
function channelName(channel: string): string {
  const known = ['direct', 'airbnb', 'booking', 'vrbo', 'phone', 'other'] as const;
  const found = known.find((c) => c === channel);
  return found ? m[`stays_channel_${found}`]() : channel;
}

/** Why nights were not taxed, in the page's language: the rule's two limits, or the content's label. */
function exemptReason(reason: { reason: string; label: string }, limits: TaxReturn['limits']): string {
  if (reason.reason === UNDER_AGE && limits.minAge !== null) return m.touristTax_underAge({ age: limits.minAge });
  if (reason.reason === PAST_MAX_NIGHTS && limits.maxNights !== null)
    return m.touristTax_pastFirstNights({ count: limits.maxNights });
  return reason.label;
}

/**
 * The tourist tax's monthly return (docs/stays.md): each stay's person-nights of the month, taxed
 * and exempt with the reason, who collected the tax, and what the owner owes the municipality.
 */
export function TouristTaxPanel({ month, onMonth }: { month: string; onMonth: (month: string) => void }) {
  const id = useId();
  const adminApi = useAdminApi();
  const query = useQuery({
    queryKey: ['admin', 'tourist-tax', month, pageLocale],
    queryFn: () =>
      adminApi<TaxReturn>(
        `/api/admin/tourist-tax?month=${encodeURIComponent(month)}&locale=${encodeURIComponent(pageLocale)}`,
      ),
    retry: false,
  });
  const report = query.data;
  const money = (cents: number) => formatAmount(cents, report?.currency ?? 'EUR', pageLocale);
  // The month as the address has it in English, as ever; in words in another language.
  const monthText = pageLocale === 'en' ? month : formatStayMonth(month);
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl bg-white p-6 shadow-sm" data-testid="tourist-tax">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id={`${id}-heading`} className="text-2xl font-semibold text-lake-800">
          {report?.municipality
            ? m.touristTax_headingOf({ municipality: report.municipality })
            : m.touristTax_heading()}
        </h2>
        <Field label={m.touristTax_month()} density="admin" inline>
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
          {query.isError ? m.touristTax_loadError() : m.touristTax_loading()}
        </p>
      ) : report.municipality === null ? (
        <p className="mt-4 text-slate-700">{m.touristTax_noTax({ month: monthText })}</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700">{m.touristTax_intro({ month: monthText })}</p>
          {report.uncompleted.length > 0 && (
            <p
              data-testid="tax-uncompleted"
              className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
            >
              {m.touristTax_uncompleted({ count: report.uncompleted.length })}
            </p>
          )}
          <div
            className="mt-4 overflow-x-auto"
            tabIndex={0}
            role="region"
            aria-label={m.touristTax_staysOf({ month: monthText })}
          >
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">{m.touristTax_staysOf({ month: monthText })}</caption>
              <thead className="border-b border-slate-300 text-slate-700">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    {m.touristTax_col_stay()}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {m.touristTax_col_channel()}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {m.touristTax_col_dates()}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    {m.touristTax_col_taxed()}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {m.touristTax_col_exempt()}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {m.touristTax_col_collectedBy()}
                  </th>
                  <th scope="col" className="py-2 text-right">
                    {m.touristTax_col_amount()}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.items.length === 0 && (
                  <tr>
                    <td colSpan={7} className="py-3 text-slate-700">
                      {m.touristTax_none({ month: monthText })}
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
                    <td className="py-2 pr-3">{channelName(item.channel)}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">
                      {formatAdminStayDay(item.checkIn)} – {formatAdminStayDay(item.checkOut)}
                    </td>
                    <td className="py-2 pr-3 text-right">{item.nightsTaxed}</td>
                    <td className="py-2 pr-3">
                      {item.nightsExempt === 0
                        ? '0'
                        : item.exempt.map((e) => (
                            <span key={e.reason} className="block">
                              {e.nights} · {exemptReason(e, report.limits)}
                            </span>
                          ))}
                    </td>
                    <td className="py-2 pr-3">
                      {item.collectedBy === 'platform' ? m.touristTax_platform() : m.touristTax_owner()}
                    </td>
                    <td className="py-2 text-right whitespace-nowrap">{money(item.amountCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className="mt-4 grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6" data-testid="tax-totals">
            <dt className="text-slate-700">{m.touristTax_totalNights()}</dt>
            <dd>
              {report.totals.nightsTaxed} / {report.totals.nightsExempt}
            </dd>
            <dt className="text-slate-700">{m.touristTax_totalPlatform()}</dt>
            <dd>{money(report.totals.platformCents)}</dd>
            <dt className="font-semibold text-lake-800">{m.touristTax_totalDue()}</dt>
            <dd className="font-semibold text-lake-800" data-testid="tax-due">
              {money(report.totals.dueCents)}
            </dd>
          </dl>
          <a
            href={`/api/admin/tourist-tax?month=${encodeURIComponent(month)}&format=csv`}
            download={`tourist-tax-${month}.csv`}
            className="mt-4 inline-block rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
          >
            {m.touristTax_download()}
          </a>
        </>
      )}
    </section>
  );
}
