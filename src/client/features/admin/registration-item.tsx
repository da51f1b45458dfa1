import { MOVEMENTS, type Movement, type RegistrationList, type SendResult } from '../../../shared/guest-registrations';
import { errorText } from '../../i18n/error-text';
import { m } from '../../i18n/paraglide/messages';
import { formatAdminStayDay } from '../../lib/format-date';
import { ApiError, apiText } from '../../lib/api';
import { saveText } from '../../lib/save-file';
import { useAdminAction, useAdminApi, useAdminRequest } from '../../lib/use-admin-api';
import { BulletinState } from './bulletin-state';
import { GuestCorrections } from './guest-corrections';

const small = 'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-50';

/** The movement's words, one message per movement and use. */
const TEXTS: Record<Movement, Record<'bulletin' | 'download' | 'markSent' | 'markedSent' | 'send', () => string>> = {
  arrival: {
    bulletin: m.registrations_bulletin_arrival,
    download: m.registrations_download_arrival,
    markSent: m.registrations_markSent_arrival,
    markedSent: m.registrations_markedSent_arrival,
    send: m.registrations_send_arrival,
  },
  departure: {
    bulletin: m.registrations_bulletin_departure,
    download: m.registrations_download_departure,
    markSent: m.registrations_markSent_departure,
    markedSent: m.registrations_markedSent_departure,
    send: m.registrations_send_departure,
  },
};

/** A send SIBA did not take (refused, or to be tried again): its toast says which. */
class NotSent extends Error {}

/** What a send came back with, for the owner. */
function sendOutcome(result: SendResult): string {
  if (result.state === 'retrying') return m.registrations_sendRetrying();
  if (result.state === 'test_accepted') return m.registrations_sendTestAccepted();
  return m.registrations_sendRefused({ reason: result.error?.text ?? '' });
}

/** The only code the send gives for a server without SIBA's credentials (server/registrations/bulletins.ts). */
function sendFailure(error: unknown): string {
  if (error instanceof NotSent) return error.message;
  if (error instanceof ApiError && error.code === 'siba_unavailable') return m.registrations_sibaUnavailable();
  return errorText(error);
}

/**
 * One booking's check-in and bulletins, with the file to download, "Mark as sent" and, where the
 * server has SIBA's credentials (`service` other than `file`), "Send to SIBA".
 */
export function RegistrationItem({
  item,
  service,
  onChanged,
}: {
  item: RegistrationList['items'][number];
  service: RegistrationList['service'];
  onChanged: () => unknown;
}) {
  const adminApi = useAdminApi();
  const adminRequest = useAdminRequest();
  const act = useAdminAction(onChanged);
  const base = `/api/admin/registrations/${encodeURIComponent(item.bookingCode)}`;
  const post = <T,>(action: string, movement: Movement) =>
    adminApi<T>(`${base}/${action}`, { method: 'POST', body: { movement } });

  return (
    <li data-testid="registration" className="py-4">
      <p className="font-semibold text-slate-900">
        {item.bookingCode} · {formatAdminStayDay(item.checkIn)} – {formatAdminStayDay(item.checkOut)}
      </p>
      <p className="mt-1 text-sm text-slate-700" data-testid="registration-checked-in">
        {m.registrations_checkedIn({ done: item.guestsComplete, due: item.guestsDue })}
        {/* Not yet checked in: a bulletin may be owed, so the party is never shown as Portuguese. */}
        {item.nationalityUnknown && (
          <span data-testid="registration-nationality-unknown"> · {m.registrations_nationalityUnknown()}</span>
        )}
      </p>
      <dl className="mt-2 grid gap-3 text-sm text-slate-700 sm:grid-cols-2">
        {MOVEMENTS.map((movement) => (
          <div key={movement} data-testid={`bulletin-${movement}`}>
            <dt className="font-medium text-slate-900">{TEXTS[movement].bulletin()}</dt>
            <dd className="mt-1">
              <BulletinState bulletin={item[movement]} />
              <span className="mt-2 flex flex-wrap gap-2">
                {/* Fetched, not a link: the file needs a recent proof of who is asking (decision 0036). */}
                <button
                  type="button"
                  className={small}
                  onClick={() =>
                    void act(
                      async () =>
                        saveText(
                          `siba-${item.bookingCode}-${movement}.xml`,
                          await adminRequest(() => apiText(`${base}/siba.xml?movement=${movement}`)),
                          'application/xml',
                        ),
                      m.registrations_downloaded(),
                      errorText,
                    )
                  }
                >
                  {TEXTS[movement].download()}
                </button>
                {item[movement].state !== 'sent' && (
                  <>
                    <button
                      type="button"
                      className={small}
                      onClick={() =>
                        void act(() => post('mark-sent', movement), TEXTS[movement].markedSent(), errorText)
                      }
                    >
                      {TEXTS[movement].markSent()}
                    </button>
                    {service !== 'file' && (
                      <button
                        type="button"
                        className={small}
                        onClick={() =>
                          void act(
                            async () => {
                              const result = await post<SendResult>('send', movement);
                              if (result.state !== 'sent') throw new NotSent(sendOutcome(result));
                            },
                            m.registrations_sendDone(),
                            sendFailure,
                          )
                        }
                      >
                        {TEXTS[movement].send()}
                      </button>
                    )}
                  </>
                )}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <GuestCorrections bookingCode={item.bookingCode} guests={item.guestsDue} onSaved={onChanged} />
    </li>
  );
}
