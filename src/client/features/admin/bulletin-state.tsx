import type { RegistrationList } from '../../../shared/guest-registrations';
import { m } from '../../i18n/paraglide/messages';
import { formatAdminDateTime, formatAdminStayDay } from '../../lib/format-date';

type Bulletin = RegistrationList['items'][number]['arrival'];

const TONE = {
  not_due: 'bg-slate-100 text-slate-800',
  due: 'bg-amber-100 text-amber-900',
  sent: 'bg-green-100 text-green-900',
  overdue: 'bg-red-100 text-red-900',
  awaiting_guests: 'bg-slate-100 text-slate-800',
} as const;

const STATE_TEXT = {
  not_due: m.adminUi_bulletinState_not_due,
  due: m.adminUi_bulletinState_due,
  sent: m.adminUi_bulletinState_sent,
  overdue: m.adminUi_bulletinState_overdue,
  awaiting_guests: m.adminUi_bulletinState_awaiting_guests,
} as const;

/** Where one movement's bulletin stands: its deadline, its state, how and when it went, SIBA's refusal. */
export function BulletinState({ bulletin }: { bulletin: Bulletin }) {
  const how = bulletin.sentVia === 'web_service' ? m.adminUi_bulletin_sentToSiba : m.adminUi_bulletin_uploaded;
  return (
    <>
      <span>{m.adminUi_bulletin_dueBy({ day: formatAdminStayDay(bulletin.dueBy) })}</span>{' '}
      <span
        data-testid="bulletin-state"
        className={`inline-block rounded px-2 py-0.5 font-medium ${TONE[bulletin.state]}`}
      >
        {STATE_TEXT[bulletin.state]()}
      </span>
      {bulletin.state === 'sent' && bulletin.sentAt && (
        <span className="block text-slate-600">{how({ time: formatAdminDateTime(bulletin.sentAt) })}</span>
      )}
      {bulletin.testAcceptedAt && (
        <span role="note" data-testid="bulletin-test-accepted" className="block text-red-800">
          {m.adminUi_bulletin_testAccepted({ time: formatAdminDateTime(bulletin.testAcceptedAt) })}
        </span>
      )}
      {bulletin.error && (
        <span role="note" className="block text-red-800">
          {bulletin.error.line === null
            ? m.adminUi_bulletin_refused({ code: bulletin.error.code, text: bulletin.error.text })
            : m.adminUi_bulletin_refusedLine({
                code: bulletin.error.code,
                line: bulletin.error.line,
                text: bulletin.error.text,
              })}
        </span>
      )}
    </>
  );
}
