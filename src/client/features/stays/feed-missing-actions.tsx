import { useQueryClient } from '@tanstack/react-query';
import type { Channel } from '../../../shared/channels';
import { m } from '../../i18n/paraglide/messages';
import { adminFailure, useAdminAction, useAdminApi } from '../../lib/use-admin-api';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useConfirm } from '../../ui/use-confirm';
import { channelLabel } from './labels';

/**
 * A platform stay its feed no longer lists (decision 0037): the flag, and the owner's two answers.
 * Keep: it stands, its nights held, no longer flagged. Let it go: it is cancelled as any stay of
 * its channel is, nothing refunded here (the platform refunds).
 */
export function FeedMissingActions({ code, channel }: { code: string; channel: Channel }) {
  const adminApi = useAdminApi();
  const queryClient = useQueryClient();
  const act = useAdminAction(() =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'bookings'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'blocks'] }),
      queryClient.invalidateQueries({ queryKey: ['availability'] }),
    ]),
  );
  const { ask, dialog } = useConfirm();
  const post =
    (action: string, body: object = {}) =>
    () =>
      adminApi(`/api/admin/bookings/${encodeURIComponent(code)}/${action}`, { method: 'POST', body });
  const platform = channelLabel[channel]();
  const button = 'rounded-lg px-3 py-1.5 text-sm font-semibold';
  return (
    <div data-testid="feed-missing" className="grid gap-2 rounded-xl border border-red-200 bg-red-50 p-3">
      <p className="text-sm font-medium text-red-800">{m.stays_feedMissing({ platform })}</p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() =>
            void act(post('keep'), m.stays_feedMissing_kept({ code }), adminFailure(m.stays_feedMissing_failed()))
          }
          className={`${button} bg-lake-700 text-white hover:bg-lake-800`}
        >
          {m.stays_feedMissing_keep()}
        </button>
        <button
          type="button"
          onClick={() =>
            ask(m.stays_feedMissing_cancelAsk({ code, platform }), m.stays_feedMissing_cancel(), () => {
              void act(
                post('cancel', { refundCents: 0 }),
                m.stays_feedMissing_cancelled({ code }),
                adminFailure(m.stays_feedMissing_failed()),
              );
            })
          }
          className={`${button} border border-red-700 bg-white text-red-800 hover:bg-red-50`}
        >
          {m.stays_feedMissing_cancel()}
        </button>
      </div>
      <ConfirmDialog {...dialog} cancelLabel={m.stays_feedMissing_back()} />
    </div>
  );
}
