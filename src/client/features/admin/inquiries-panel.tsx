import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminInquiry, DeliveryState } from '../../../shared/inquiries';
import { errorText } from '../../i18n/error-text';
import { pageLocale, propertyIn } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { type Locale, locales } from '../../i18n/paraglide/runtime';
import { formatAdminDateTime, formatAdminStayDay } from '../../lib/format-date';
import { AdminList } from '../../ui/admin-list';
import { InquiryOffer } from './inquiry-offer';
import { InquiryQuote } from './inquiry-quote';
import { inquiryAnchor, NEEDS_ACTION_KEY, useNeedsAction } from './needs-action-panel';
import { useAdminAction, useAdminApi, useAdminList } from '../../lib/use-admin-api';

const STATE_STYLES: Record<DeliveryState, string> = {
  pending: 'bg-amber-100 text-amber-900',
  sent: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
};

// `confirmed`, `quote` and `locale` are optional here so the page also reads a server from before bookings
// and prices.
type InquiryItem = Omit<AdminInquiry, 'confirmed' | 'quote' | 'handledAt' | 'handledBy' | 'locale'> & {
  locale?: string;
  confirmed?: boolean;
  quote?: AdminInquiry['quote'];
  handledAt?: string | null;
  handledBy?: string | null;
};

const STATE_LABELS: Record<DeliveryState, () => string> = {
  pending: m.inquiries_state_pending,
  sent: m.inquiries_state_sent,
  failed: m.inquiries_state_failed,
};

/**
 * "Reply by mail" opens the owner's own mail program, addressed to the guest with a subject naming
 * the stay: the conversation lives in the owner's mailbox, as the inquiry's mail (its Reply-To the
 * guest) does, and it works without SMTP_URL (docs/decisions/0044-needs-action.md). The subject is
 * in the language of the page the guest wrote from, whatever the admin's (decision 0011).
 */
function replyLink(inquiry: InquiryItem): string {
  // A language the catalog lacks (a site's third) falls back to the admin's.
  const locale = (locales as readonly string[]).includes(inquiry.locale ?? '')
    ? (inquiry.locale as Locale)
    : pageLocale;
  const house = propertyIn(locale).name;
  const subject =
    inquiry.checkIn && inquiry.checkOut
      ? m.inquiries_replySubject(
          {
            house,
            checkIn: formatAdminStayDay(inquiry.checkIn, locale),
            checkOut: formatAdminStayDay(inquiry.checkOut, locale),
          },
          { locale: locale as Locale },
        )
      : m.inquiries_replySubjectNoDates({ house }, { locale: locale as Locale });
  return `mailto:${encodeURIComponent(inquiry.email).replace('%40', '@')}?subject=${encodeURIComponent(subject)}`;
}

export function InquiriesPanel() {
  const adminApi = useAdminApi();
  const queryClient = useQueryClient();
  const { state, reload } = useAdminList<InquiryItem>(
    ['admin', 'inquiries'],
    '/api/admin/inquiries',
    m.inquiries_loadError(),
  );
  const act = useAdminAction(() =>
    Promise.all([reload(), queryClient.invalidateQueries({ queryKey: NEEDS_ACTION_KEY })]),
  );
  // The home's answer says whether mail is set up; it is refreshed with what the panel changes.
  const needs = useNeedsAction();
  const mailOff = needs.data?.mailConfigured === false;
  const markHandled = (id: string) =>
    act(
      () => adminApi(`/api/admin/inquiries/${encodeURIComponent(id)}/handled`, { method: 'POST' }),
      m.inquiries_handledDone(),
      m.inquiries_handledFailed(),
    );
  // A booking blocks its nights: the Calendar panel's blocks and months change too.
  const reloadAll = () =>
    Promise.all([
      reload(),
      queryClient.invalidateQueries({ queryKey: ['admin', 'blocks'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'bookings'] }),
      queryClient.invalidateQueries({ queryKey: ['availability'] }),
      queryClient.invalidateQueries({ queryKey: NEEDS_ACTION_KEY }),
    ]);
  const confirmAct = useAdminAction(reloadAll);
  const retry = (id: string) =>
    act(
      () => adminApi(`/api/admin/inquiries/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
      m.inquiries_retryDone(),
      m.inquiries_retryFailed(),
    );
  // Why an inquiry could not be confirmed stays on it (a toast goes by): a 409 says those nights
  // were taken meanwhile, in the words the guests see.
  const [refused, setRefused] = useState<Record<string, string>>({});
  const confirm = (id: string) =>
    confirmAct(
      () => adminApi(`/api/admin/inquiries/${encodeURIComponent(id)}/confirm`, { method: 'POST' }),
      m.inquiries_confirmDone(),
      (error) => {
        const text = errorText(error);
        setRefused((all) => ({ ...all, [id]: text }));
        return text;
      },
    );

  return (
    <section aria-labelledby="inquiries-heading" className="rounded-2xl bg-white p-6 shadow-sm">
      <div className="flex items-center justify-between gap-4">
        <h2 id="inquiries-heading" className="text-2xl font-semibold text-lake-800">
          {m.inquiries_heading()}
        </h2>
        <button
          type="button"
          onClick={reload}
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
        >
          {m.inquiries_refresh()}
        </button>
      </div>
      {mailOff && (
        <p data-testid="inquiries-mail-off" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {m.inquiries_mailOff()}
        </p>
      )}
      <div className="mt-6">
        <AdminList
          state={state}
          texts={{ loading: m.inquiries_loading(), error: m.inquiries_loadError(), empty: m.inquiries_empty() }}
          onRetry={reload}
        >
          {(inquiry) => (
            <li
              key={inquiry.id}
              id={inquiryAnchor(inquiry.id)}
              data-testid="admin-inquiry"
              className="scroll-mt-4 py-4"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold break-words text-slate-900">{inquiry.name}</p>
                <div className="flex gap-2">
                  {inquiry.confirmed && (
                    <span
                      data-testid="booking-state"
                      className="rounded bg-lake-100 px-2 py-0.5 text-sm font-medium text-lake-800"
                    >
                      {m.inquiries_confirmed()}
                    </span>
                  )}
                  <span
                    data-testid="delivery-state"
                    className={`rounded px-2 py-0.5 text-sm font-medium ${STATE_STYLES[inquiry.status]}`}
                  >
                    {STATE_LABELS[inquiry.status]()}
                  </span>
                </div>
              </div>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700">
                <dt className="font-medium">{m.inquiries_received()}</dt>
                <dd>
                  <time dateTime={inquiry.createdAt}>{formatAdminDateTime(inquiry.createdAt)}</time>
                </dd>
                <dt className="font-medium">{m.inquiries_email()}</dt>
                <dd className="wrap-anywhere">
                  <a href={`mailto:${inquiry.email}`} className="underline">
                    {inquiry.email}
                  </a>
                </dd>
                <dt className="font-medium">{m.inquiries_guests()}</dt>
                <dd>{inquiry.guests ?? '—'}</dd>
                <dt className="font-medium">{m.inquiries_checkIn()}</dt>
                <dd>{inquiry.checkIn ? formatAdminStayDay(inquiry.checkIn) : '—'}</dd>
                <dt className="font-medium">{m.inquiries_checkOut()}</dt>
                <dd>{inquiry.checkOut ? formatAdminStayDay(inquiry.checkOut) : '—'}</dd>
                <dt className="font-medium">{m.inquiries_attempts()}</dt>
                <dd>{inquiry.attempts}</dd>
                {inquiry.lastError && (
                  <>
                    <dt className="font-medium">{m.inquiries_lastError()}</dt>
                    <dd className="break-words text-red-800">{inquiry.lastError}</dd>
                  </>
                )}
              </dl>
              {inquiry.quote && <InquiryQuote quote={inquiry.quote} />}
              {inquiry.message && (
                <blockquote
                  aria-label={m.inquiries_message()}
                  className="mt-2 border-l-4 border-slate-200 pl-3 break-words whitespace-pre-line text-slate-800"
                >
                  {inquiry.message}
                </blockquote>
              )}
              {inquiry.handledAt && (
                <p data-testid="inquiry-handled" className="mt-2 text-sm text-green-900">
                  {inquiry.handledBy === 'owner'
                    ? m.inquiries_handledByOwner({ when: formatAdminDateTime(inquiry.handledAt) })
                    : m.inquiries_handled({
                        when: formatAdminDateTime(inquiry.handledAt),
                        who: inquiry.handledBy ?? '',
                      })}
                </p>
              )}
              <div className="flex flex-wrap gap-2">
                <a
                  href={replyLink(inquiry)}
                  // Replying answers it: it leaves "Needs action" (decision 0044).
                  onClick={inquiry.handledAt ? undefined : () => void markHandled(inquiry.id)}
                  className="mt-3 rounded-lg border border-lake-700 px-3 py-1.5 text-sm font-semibold text-lake-800 hover:bg-lake-50"
                >
                  {m.inquiries_replyByMail()}
                </a>
                {!inquiry.handledAt && (
                  <button
                    type="button"
                    onClick={() => void markHandled(inquiry.id)}
                    className="mt-3 rounded-lg bg-lake-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-lake-800"
                  >
                    {m.inquiries_markHandled()}
                  </button>
                )}
                {inquiry.status === 'failed' && (
                  <button
                    type="button"
                    onClick={() => void retry(inquiry.id)}
                    className="mt-3 rounded-lg bg-lake-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-lake-800"
                  >
                    {m.inquiries_retryNow()}
                  </button>
                )}
                {inquiry.checkIn && inquiry.checkOut && inquiry.confirmed === false && (
                  <button
                    type="button"
                    onClick={() => void confirm(inquiry.id)}
                    className="mt-3 rounded-lg bg-green-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-green-800"
                  >
                    {m.inquiries_confirmBooking()}
                  </button>
                )}
              </div>
              {inquiry.checkIn && inquiry.checkOut && inquiry.confirmed === false && (
                <InquiryOffer inquiry={inquiry} onChanged={reloadAll} />
              )}
              {refused[inquiry.id] && !inquiry.confirmed && (
                <p data-testid="confirm-error" className="mt-2 text-sm text-red-800">
                  {refused[inquiry.id]}
                </p>
              )}
            </li>
          )}
        </AdminList>
      </div>
    </section>
  );
}
