import { useId } from 'react';
import { Link } from 'react-router';
import { formatDayIn, houseToday } from '../../../shared/dates';
import type { ToInvoiceItem } from '../../../shared/invoicing';
import { formatAmount } from '../../../shared/quote-text';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { AdminList } from '../../ui/admin-list';
import { useAdminAction, useAdminApi, useAdminList } from '../../lib/use-admin-api';

const money = (cents: number) => formatAmount(cents, 'EUR', pageLocale);

/** The guest's country in words in the admin's language, "Germany (DE)": the Portal asks the code. */
function countryText(code: string): string {
  const name = new Intl.DisplayNames([pageLocale], { type: 'region', fallback: 'none' }).of(code);
  return name ? `${name} (${code})` : code;
}

/**
 * "To invoice": without an invoicing program, each settled payment and refund the owner issues by
 * hand in the Portal das Finanças, with the fields it asks, until ticked invoiced; the same list as
 * a CSV (docs/decisions/0039-invoicing-provider-and-exactly-once.md).
 */
export function ToInvoicePanel() {
  const id = useId();
  const { state, reload } = useAdminList<ToInvoiceItem>(
    ['admin', 'to-invoice'],
    '/api/admin/to-invoice',
    m.toInvoice_loadError(),
  );
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl bg-white p-6 shadow-sm" data-testid="to-invoice">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id={`${id}-heading`} className="text-2xl font-semibold text-lake-800">
          {m.toInvoice_heading()}
        </h2>
        <a
          href="/api/admin/to-invoice.csv"
          download="to-invoice.csv"
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
        >
          {m.toInvoice_download()}
        </a>
      </div>
      <p className="mt-2 max-w-prose text-sm text-slate-700">{m.toInvoice_intro()}</p>
      <div className="mt-4">
        <AdminList
          state={state}
          texts={{ loading: m.toInvoice_loading(), error: m.toInvoice_loadError(), empty: m.toInvoice_empty() }}
          onRetry={reload}
        >
          {(item) => <ToInvoiceEntry key={item.paymentId} item={item} onDone={reload} />}
        </AdminList>
      </div>
    </section>
  );
}

function vatText(line: ToInvoiceItem['lines'][number]) {
  if (line.vatPercent === null) return line.kind === 'touristTax' ? m.toInvoice_outsideVat() : m.toInvoice_vatUnset();
  if (line.vatPercent === 0 && line.exemptionCode) return m.toInvoice_exempt({ code: line.exemptionCode });
  return `${line.vatPercent} %`;
}

function ToInvoiceEntry({ item, onDone }: { item: ToInvoiceItem; onDone: () => void }) {
  const adminApi = useAdminApi();
  const act = useAdminAction(onDone);
  const kind = item.creditsHandInvoice ? m.toInvoice_kind_refundByHand() : m[`toInvoice_kind_${item.kind}`]();
  const amount = money(item.amountCents);
  const day = houseToday(Date.parse(item.at));
  return (
    <li className="py-4" data-testid="to-invoice-item">
      <p className="font-semibold text-slate-900">{kind}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700">
        <dt className="font-medium">{m.toInvoice_date()}</dt>
        <dd>
          <time dateTime={day}>{formatDayIn(day, pageLocale)}</time>
        </dd>
        <dt className="font-medium">{m.toInvoice_stay()}</dt>
        <dd>
          <Link to={`/admin/bookings/${item.bookingCode}`} className="text-lake-700 underline">
            {item.bookingCode}
          </Link>
        </dd>
        <dt className="font-medium">{m.toInvoice_guest()}</dt>
        <dd className="break-words">{item.guestName}</dd>
        <dt className="font-medium">{m.toInvoice_country()}</dt>
        <dd>{countryText(item.country)}</dd>
        <dt className="font-medium">{m.toInvoice_nif()}</dt>
        <dd>{item.nif ?? m.toInvoice_noNif()}</dd>
        <dt className="font-medium">{m.toInvoice_total()}</dt>
        <dd data-testid="to-invoice-amount">{amount}</dd>
      </dl>
      <div className="mt-2 max-w-2xl overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{m.toInvoice_linesCaption({ kind, amount })}</caption>
          <thead className="border-b border-slate-300 text-slate-700">
            <tr>
              <th scope="col" className="py-1 pr-3">
                {m.toInvoice_line()}
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                {m.toInvoice_amount()}
              </th>
              <th scope="col" className="py-1">
                {m.toInvoice_vat()}
              </th>
            </tr>
          </thead>
          <tbody>
            {item.lines.map((line, i) => (
              <tr key={i} className="border-b border-slate-100 align-top">
                <td className="py-1 pr-3">{line.description}</td>
                <td className="py-1 pr-3 text-right whitespace-nowrap">{money(line.amountCents)}</td>
                <td className="py-1">{vatText(line)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        aria-label={m.toInvoice_doneLabel({ amount, guest: item.guestName })}
        onClick={() =>
          void act(
            () => adminApi(`/api/admin/to-invoice/${encodeURIComponent(item.paymentId)}/done`, { method: 'POST' }),
            m.toInvoice_doneOk(),
            m.toInvoice_doneError(),
          )
        }
        className="mt-3 rounded-lg bg-lake-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-lake-800"
      >
        {m.toInvoice_done()}
      </button>
    </li>
  );
}
