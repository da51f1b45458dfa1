import { BOOKING_STATUSES, type BookingStatus } from '../../../shared/booking-status';
import { CHANNELS, type Channel } from '../../../shared/channels';
import { m } from '../../i18n/paraglide/messages';
import { Field } from '../../ui/field';
import { channelLabel, statusLabel } from './labels';

export interface StayFilter {
  channel?: Channel;
  month?: string;
  status?: BookingStatus;
}

/** The list's filters: by channel, by a month the stay has nights in, by status. */
export function StayFilters({ filter, onFilter }: { filter: StayFilter; onFilter: (next: StayFilter) => void }) {
  const set = (changes: Partial<StayFilter>) => onFilter({ ...filter, ...changes });
  return (
    <div role="group" aria-label={m.stays_filters()} className="flex flex-wrap items-center gap-3">
      <Field label={m.stays_filter_channel()} density="admin" inline>
        {(control) => (
          <select
            {...control}
            value={filter.channel ?? ''}
            onChange={(e) => set({ channel: (e.target.value || undefined) as Channel | undefined })}
          >
            <option value="">{m.stays_filter_any()}</option>
            {CHANNELS.map((c) => (
              <option key={c} value={c}>
                {channelLabel[c]()}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={m.stays_filter_month()} density="admin" inline>
        {(control) => (
          <input
            {...control}
            type="month"
            value={filter.month ?? ''}
            onChange={(e) => set({ month: e.target.value || undefined })}
          />
        )}
      </Field>
      <Field label={m.stays_filter_status()} density="admin" inline>
        {(control) => (
          <select
            {...control}
            value={filter.status ?? ''}
            onChange={(e) => set({ status: (e.target.value || undefined) as BookingStatus | undefined })}
          >
            <option value="">{m.stays_filter_any()}</option>
            {BOOKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel[s]()}
              </option>
            ))}
          </select>
        )}
      </Field>
      {(filter.channel || filter.month || filter.status) && (
        <button
          type="button"
          onClick={() => onFilter({})}
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
        >
          {m.stays_filter_clear()}
        </button>
      )}
    </div>
  );
}
