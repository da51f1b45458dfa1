import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NEEDS_ACTION_GROUPS, type NeedsAction, type NeedsActionGroup } from '../../../shared/needs-action';
import { formatAmount } from '../../../shared/quote-text';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { formatAdminDay, formatAdminDateTime, formatAdminStayDay } from '../../lib/format-date';
import { useAdminApi } from '../../lib/use-admin-api';

// The admin's home: what waits for the owner, each group counted and each item a link to its page
// (docs/decisions/0044-needs-action.md). Its words are the catalog's `needsAction_*`.

export const NEEDS_ACTION_KEY = ['admin', 'needs-action'] as const;

/** The inquiries panel's item on this page (inquiries-panel.tsx gives each this id). */
export const inquiryAnchor = (id: string) => `inquiry-${id}`;

const HEADINGS: Record<NeedsActionGroup, () => string> = {
  bookings: m.needsAction_group_bookings,
  money: m.needsAction_group_money,
  refunds: m.needsAction_group_refunds,
  bulletins: m.needsAction_group_bulletins,
  platformStays: m.needsAction_group_platformStays,
  inquiries: m.needsAction_group_inquiries,
  mails: m.needsAction_group_mails,
  documents: m.needsAction_group_documents,
};

const COUNTS: Record<NeedsActionGroup, (count: number) => string> = {
  bookings: (count) => m.needsAction_count_bookings({ count }),
  money: (count) => m.needsAction_count_money({ count }),
  refunds: (count) => m.needsAction_count_refunds({ count }),
  bulletins: (count) => m.needsAction_count_bulletins({ count }),
  platformStays: (count) => m.needsAction_count_platformStays({ count }),
  inquiries: (count) => m.needsAction_count_inquiries({ count }),
  mails: (count) => m.needsAction_count_mails({ count }),
  documents: (count) => m.needsAction_count_documents({ count }),
};

/** An empty group, in words that agree with what it lists ("Nenhuma mensagem", "Nenhum pedido"). */
const NONE: Record<NeedsActionGroup, () => string> = {
  bookings: m.needsAction_none_bookings,
  money: m.needsAction_none_money,
  refunds: m.needsAction_none_refunds,
  bulletins: m.needsAction_none_bulletins,
  platformStays: m.needsAction_none_platformStays,
  inquiries: m.needsAction_none_inquiries,
  mails: m.needsAction_none_mails,
  documents: m.needsAction_none_documents,
};

const euros = (cents: number) => formatAmount(cents, 'EUR', pageLocale);
const stay = (checkIn: string | null, checkOut: string | null) =>
  checkIn && checkOut ? `${formatAdminStayDay(checkIn)} – ${formatAdminStayDay(checkOut)}` : m.needsAction_noDates();
const link = 'font-semibold text-lake-800 underline underline-offset-2 hover:text-lake-900';

function Item({ to, title, children }: { to: string | null; title: string; children: ReactNode }) {
  return (
    <li className="py-2 text-sm text-slate-800">
      {to === null ? (
        <span className="font-semibold">{title}</span>
      ) : to.startsWith('#') ? (
        <a href={to} className={link}>
          {title}
        </a>
      ) : (
        <Link to={to} className={link}>
          {title}
        </Link>
      )}
      <span className="block text-slate-700">{children}</span>
    </li>
  );
}

/** Each group's items, in words, linked to the booking's page or the inquiry on this page. */
function items(data: NeedsAction): Record<NeedsActionGroup, ReactNode[]> {
  return {
    bookings: data.bookings.items.map((b) => (
      <Item key={b.code} to={`/admin/bookings/${b.code}`} title={`${b.name} · ${b.code}`}>
        {stay(b.checkIn, b.checkOut)} · {m[`needsAction_status_${b.status}`]()}
      </Item>
    )),
    money: data.money.items.map((item) => (
      <Item key={`${item.kind}-${item.code}`} to={`/admin/bookings/${item.code}`} title={`${item.name} · ${item.code}`}>
        {item.kind === 'overdue_balance'
          ? m.needsAction_overdueBalance({ amount: euros(item.amountCents), day: formatAdminStayDay(item.dueBy ?? '') })
          : item.dueBy
            ? m.needsAction_dispute({ amount: euros(item.amountCents), day: formatAdminDateTime(item.dueBy) })
            : m.needsAction_disputeNoDeadline({ amount: euros(item.amountCents) })}
      </Item>
    )),
    refunds: data.refunds.items.map((r) => (
      <Item key={r.paymentId} to={`/admin/bookings/${r.code}`} title={`${r.name} · ${r.code}`}>
        {m[r.kind === 'failed' ? 'needsAction_refundFailed' : 'needsAction_refundToSend']({
          amount: euros(r.amountCents),
          day: formatAdminDay(r.since),
        })}
      </Item>
    )),
    bulletins: data.bulletins.items.map((b) => (
      <Item key={`${b.code}-${b.movement}`} to={`/admin/bookings/${b.code}`} title={`${b.name} · ${b.code}`}>
        {m[`needsAction_bulletin_${b.movement}`]({ day: formatAdminStayDay(b.dueBy) })}
        {b.overdue && <strong className="ml-1 text-red-800">({m.needsAction_overdue()})</strong>}
      </Item>
    )),
    platformStays: data.platformStays.items.map((r) => (
      <Item
        key={r.uid}
        to={`/admin/stays/new?event=${encodeURIComponent(r.uid)}`}
        title={`${r.feed} · ${stay(r.start, r.end)}`}
      >
        {m.needsAction_platformStay({ day: formatAdminStayDay(r.start) })}
      </Item>
    )),
    inquiries: data.inquiries.items.map((i) => (
      <Item key={i.id} to={`#${inquiryAnchor(i.id)}`} title={i.name}>
        {stay(i.checkIn, i.checkOut)}
        {i.guests !== null && ` · ${m.booking_guestsCount({ count: i.guests })}`} ·{' '}
        {m.needsAction_received({ day: formatAdminDay(i.createdAt) })}
      </Item>
    )),
    mails: data.mails.items.map((mail) => (
      <Item
        key={mail.id}
        to={
          mail.kind === 'booking' && mail.ref
            ? `/admin/bookings/${mail.ref}`
            : mail.kind === 'inquiry' && mail.ref
              ? `#${inquiryAnchor(mail.ref)}`
              : null
        }
        title={mail.subject ?? m.needsAction_inquiryMail({ name: mail.guestName ?? '' })}
      >
        {formatAdminDateTime(mail.createdAt)}
        {mail.error && ` · ${mail.error}`}
      </Item>
    )),
    // One to issue by hand opens "To invoice"; one at the provider, its stay's documents (decision 0059).
    documents: data.documents.items.map((d) => (
      <Item
        key={`${d.kind}-${d.paymentId}`}
        to={d.state === 'to_invoice' ? '/admin/to-invoice' : `/admin/bookings/${d.code}`}
        title={`${d.name} · ${d.code}`}
      >
        {m[`needsAction_document_${d.kind}`]({ amount: euros(d.amountCents) })} ·{' '}
        {m[`needsAction_documentState_${d.state}`]({ day: formatAdminDay(d.since) })}
        {d.error && ` · ${d.error}`}
      </Item>
    )),
  };
}

/** The home's answer, shared by the panels that show or change what it counts. */
export function useNeedsAction() {
  const adminApi = useAdminApi();
  return useQuery({ queryKey: NEEDS_ACTION_KEY, queryFn: () => adminApi<NeedsAction>('/api/admin/needs-action') });
}

export function NeedsActionPanel() {
  const { data, isError, refetch } = useNeedsAction();
  const groups = NEEDS_ACTION_GROUPS;
  const total = data ? groups.reduce((sum, g) => sum + data[g].count, 0) : 0;
  const listed = data ? items(data) : undefined;
  return (
    <section
      aria-labelledby="needs-action-heading"
      className="rounded-2xl bg-white p-6 shadow-sm xl:col-span-2"
      data-testid="needs-action"
    >
      <h2 id="needs-action-heading" className="text-2xl font-semibold text-lake-800">
        {m.needsAction_title()}
      </h2>
      {isError ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {m.needsAction_error()}{' '}
          <button type="button" onClick={() => void refetch()} className="underline">
            {m.needsAction_retry()}
          </button>
        </p>
      ) : !data || !listed ? (
        <p className="mt-3 text-sm text-slate-600">{m.needsAction_loading()}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700" data-testid="needs-action-total">
            {total === 0
              ? m.needsAction_allClear()
              : `${m.needsAction_total({ count: total })}. ${m.needsAction_intro()}`}
          </p>
          {!data.mailConfigured && (
            <p data-testid="mail-off" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {m.needsAction_mailOff()}
            </p>
          )}
          <div className="mt-4 grid gap-4 md:grid-cols-2">
            {groups.map((g) => (
              <section
                key={g}
                aria-labelledby={`needs-action-${g}`}
                data-testid={`needs-action-${g}`}
                className="rounded-xl border border-slate-200 p-4"
              >
                <h3 className="flex flex-wrap items-baseline justify-between gap-2 font-semibold">
                  <span id={`needs-action-${g}`}>{HEADINGS[g]()}</span>
                  <span
                    data-testid="count"
                    className={`rounded px-2 py-0.5 text-sm ${data[g].count > 0 ? 'bg-amber-100 text-amber-900' : 'bg-green-100 text-green-900'}`}
                  >
                    {COUNTS[g](data[g].count)}
                  </span>
                </h3>
                {data[g].count === 0 ? (
                  <p className="mt-2 text-sm text-slate-600">{NONE[g]()}</p>
                ) : (
                  <ul className="mt-2 divide-y divide-slate-100">{listed[g]}</ul>
                )}
                {data[g].count > data[g].items.length && (
                  <p className="mt-2 text-sm text-slate-600">
                    {m.needsAction_more({ count: data[g].count - data[g].items.length })}
                  </p>
                )}
              </section>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
