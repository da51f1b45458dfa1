import type { RegistrationList } from '../../../shared/guest-registrations';
import { formatDay } from '../../../shared/dates';
import { formatAdminDateTime } from '../../lib/format-date';

type Bulletin = RegistrationList['items'][number]['arrival'];

const TONE = {
  not_due: 'bg-slate-100 text-slate-800',
  due: 'bg-amber-100 text-amber-900',
  sent: 'bg-green-100 text-green-900',
  overdue: 'bg-red-100 text-red-900',
} as const;

/** Where one movement's bulletin stands: its deadline, its state, how and when it went, SIBA's refusal. */
export function BulletinState({ bulletin }: { bulletin: Bulletin }) {
  const how = bulletin.sentVia === 'web_service' ? 'sent to SIBA' : 'marked as uploaded';
  return (
    <>
      <span>Due by {formatDay(bulletin.dueBy)}</span>{' '}
      <span data-testid="bulletin-state" className={`rounded px-2 py-0.5 font-medium ${TONE[bulletin.state]}`}>
        {bulletin.state.replace('_', ' ')}
      </span>
      {bulletin.state === 'sent' && bulletin.sentAt && (
        <span className="block text-slate-600">
          {how} on {formatAdminDateTime(bulletin.sentAt)}
        </span>
      )}
      {bulletin.testAcceptedAt && (
        <span role="note" data-testid="bulletin-test-accepted" className="block text-red-800">
          Taken by SIBA&apos;s test service on {formatAdminDateTime(bulletin.testAcceptedAt)}: not reported.
        </span>
      )}
      {bulletin.error && (
        <span role="note" className="block text-red-800">
          Refused by SIBA ({bulletin.error.code}
          {bulletin.error.line === null ? '' : `, guest line ${bulletin.error.line}`}): {bulletin.error.text}
        </span>
      )}
    </>
  );
}
