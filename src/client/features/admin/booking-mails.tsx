import { useQuery, useQueryClient } from '@tanstack/react-query';
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
      what === 'cancel' ? 'Mail cancelled.' : 'Mail queued now.',
      adminFailure('That mail can no longer be changed.'),
    );
  if (!data) return <p className="text-sm text-slate-600">Loading mails...</p>;
  return (
    <ul className="mt-2 space-y-1 text-sm" data-testid="booking-mails">
      {data.items.map((mail) => (
        <li key={mail.id} className="flex flex-wrap items-center gap-2">
          <span>
            {mail.kind.replace('_', ' ')}: {mail.state}{' '}
            {mail.state === 'sent' && mail.sentAt ? formatAdminDateTime(mail.sentAt) : formatAdminDateTime(mail.sendAt)}
          </span>
          {mail.state === 'scheduled' && (
            <button
              type="button"
              onClick={() => change(mail, 'cancel')}
              className="rounded border border-slate-300 px-2 py-0.5 hover:bg-slate-50"
            >
              Cancel mail
            </button>
          )}
          {mail.state === 'scheduled' && PLANNED.includes(mail.kind) && (
            <button
              type="button"
              onClick={() => change(mail, 'send-now')}
              className="rounded border border-slate-300 px-2 py-0.5 hover:bg-slate-50"
            >
              Send now
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
