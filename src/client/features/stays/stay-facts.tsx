import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminBooking } from '../../../shared/bookings';
import { m } from '../../i18n/paraglide/messages';
import { SessionEndedError, useAdminApi } from '../../lib/use-admin-api';
import { FeedMissingActions } from './feed-missing-actions';
import { channelLabel, euros } from './labels';

/**
 * What a stay's page says of its channel (docs/stays.md): where it was booked, the money paid on
 * the platform or to the owner (never charged here), and the guest's check-in link for the owner
 * to paste into a platform's messages when the platform hides the guest's e-mail.
 */
export function StayFacts({ code }: { code: string }) {
  const id = useId();
  const adminApi = useAdminApi();
  const query = useQuery({
    queryKey: ['admin', 'bookings', 'one', code],
    queryFn: () => adminApi<AdminBooking>(`/api/admin/bookings/${encodeURIComponent(code)}`),
    retry: false,
  });
  const [link, setLink] = useState<{ url?: string; copied?: boolean; failed?: boolean }>({});
  const stay = query.data;
  if (!stay) return null;

  async function copyLink() {
    try {
      const { url } = await adminApi<{ url: string }>(`/api/admin/stays/${encodeURIComponent(code)}/guest-link`, {
        method: 'POST',
      });
      // Without the clipboard (an insecure origin, a refused permission) the link is shown to copy by hand.
      const copied = await navigator.clipboard?.writeText(url).then(
        () => true,
        () => false,
      );
      setLink({ url, copied: Boolean(copied) });
    } catch (error) {
      if (!(error instanceof SessionEndedError)) setLink({ failed: true });
    }
  }

  const paid =
    stay.paymentMethod === 'platform'
      ? m.stays_page_paidOnPlatform({ amount: euros(stay.paidCents) })
      : stay.paymentMethod === 'owner'
        ? stay.dueCents > 0 && stay.status !== 'cancelled'
          ? m.stays_page_paidToOwnerPart({ amount: euros(stay.paidCents), due: euros(stay.dueCents) })
          : m.stays_page_paidToOwner({ amount: euros(stay.paidCents) })
        : null;
  return (
    <div data-testid="stay-facts" className="mt-4 grid gap-2 rounded-xl bg-sand-50 p-4 text-sm text-slate-800">
      {stay.feedMissing && <FeedMissingActions code={stay.code} channel={stay.channel} />}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">{m.stays_page_channel()}</dt>
        <dd data-testid="stay-facts-channel">{channelLabel[stay.channel]()}</dd>
        {stay.platformReference && (
          <>
            <dt className="font-medium">{m.stays_page_reference()}</dt>
            <dd>{stay.platformReference}</dd>
          </>
        )}
      </dl>
      {paid && (
        <p data-testid="stay-facts-paid" className="font-medium text-lake-800">
          {paid}
        </p>
      )}
      {stay.commissionCents !== null && <p>{m.stays_page_commission({ amount: euros(stay.commissionCents) })}</p>}
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={() => void copyLink()}
          className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 font-semibold hover:bg-slate-50"
        >
          {m.stays_page_copyLink()}
        </button>
        <p role="status" className="min-w-0">
          {link.failed ? m.stays_page_linkFailed() : link.copied ? m.stays_page_linkCopied() : ''}
        </p>
      </div>
      {link.url && (
        <div className="grid gap-1">
          <label htmlFor={`${id}-link`}>{m.stays_page_linkShown()}</label>
          <input
            id={`${id}-link`}
            readOnly
            value={link.url}
            onFocus={(e) => e.currentTarget.select()}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-1.5 font-mono text-xs"
          />
        </div>
      )}
    </div>
  );
}
