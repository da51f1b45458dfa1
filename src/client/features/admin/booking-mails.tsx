import { useQuery, useQueryClient } from '@tanstack/react-query';
import { m } from '../../i18n/paraglide/messages';
import { formatAdminDateTime } from '../../lib/format-date';
import { adminFailure, useAdminAction, useAdminApi } from '../../lib/use-admin-api';

interface MailItem {
  id: string;
  kind: string;
  sendAt: string;
  state: 'scheduled' | 'sent' | 'failed' | 'cancelled';
  sentAt?: string;
}

const PLANNED = ['arrival', 'reminder', 'review_request'];

/** A mail's kind in words; a kind this list does not know yet keeps its own name. */
function kindText(kind: string): string {
  const words: Record<string, () => string> = {
    confirmation: m.adminUi_mailKind_confirmation,
    receipt: m.adminUi_mailKind_receipt,
    link: m.adminUi_mailKind_link,
    reminder: m.adminUi_mailKind_reminder,
    arrival: m.adminUi_mailKind_arrival,
    balance_failed: m.adminUi_mailKind_balance_failed,
    review_request: m.adminUi_mailKind_review_request,
    offer: m.adminUi_mailKind_offer,
  };
  return words[kind]?.() ?? kind.replace(/_/g, ' ');
}

const STATE_TEXT = {
  scheduled: m.adminUi_mailState_scheduled,
  sent: m.adminUi_mailState_sent,
  failed: m.adminUi_mailState_failed,
  cancelled: m.adminUi_mailState_cancelled,
  dropped: m.adminUi_mailState_dropped,
} as const;

/** A booking's mails to the guest, sent and planned: a planned one can be cancelled or sent now. */
export function BookingMails({ code }: { code: string }) {
  const adminApi = useAdminApi();
  const queryClient = useQueryClient();
  const key = ['admin', 'booking-mails', code];
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => adminApi<{ items: MailItem[] }>(`/api/admin/bookings/${encodeURIComponent(code)}/mails`),
  });
  const act = useAdminAction(() => queryClient.invalidateQueries({ queryKey: key }));
  const change = (mail: MailItem, what: 'cancel' | 'send-now') =>
    void act(
      () => adminApi(`/api/admin/booking-mails/${encodeURIComponent(mail.id)}/${what}`, { method: 'POST' }),
      what === 'cancel' ? m.adminUi_mail_cancelled() : m.adminUi_mail_queued(),
      adminFailure(m.adminUi_mail_failed()),
    );
  if (!data) return <p className="text-sm text-slate-600">{m.adminUi_mail_loading()}</p>;
  return (
    <ul className="mt-2 space-y-1 text-sm" data-testid="booking-mails">
      {data.items.map((mail) => (
        <li key={mail.id} className="flex flex-wrap items-center gap-2">
          <span>
            {m.adminUi_mail_line({
              kind: kindText(mail.kind),
              state: STATE_TEXT[mail.state](),
              time: formatAdminDateTime(mail.state === 'sent' && mail.sentAt ? mail.sentAt : mail.sendAt),
            })}
          </span>
          {mail.state === 'scheduled' && (
            <button
              type="button"
              onClick={() => change(mail, 'cancel')}
              className="rounded border border-slate-300 px-2 py-0.5 hover:bg-slate-50"
            >
              {m.adminUi_mail_cancel()}
            </button>
          )}
          {mail.state === 'scheduled' && PLANNED.includes(mail.kind) && (
            <button
              type="button"
              onClick={() => change(mail, 'send-now')}
              className="rounded border border-slate-300 px-2 py-0.5 hover:bg-slate-50"
            >
              {m.adminUi_mail_sendNow()}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
