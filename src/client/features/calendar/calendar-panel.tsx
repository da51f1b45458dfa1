import { useQueryClient } from '@tanstack/react-query';
import type { AdminBlock, AdminFeed } from '../../../shared/calendar';
import { addMonths, mergeRanges } from '../../../shared/date-ranges';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useAdminList } from '../../lib/use-admin-api';
import { AvailabilityCalendar } from '../../ui/availability-calendar';
import { AVAILABILITY_QUERY_KEY, useAvailability } from '../../lib/use-availability';
import { BlocksSection } from './blocks-section';
import { FeedsSection } from './feeds-section';
import { SiteExport } from './site-export';
import { useConfirm } from '../../ui/use-confirm';
import { today } from '../../lib/calendar-days';
import { m } from '../../i18n/paraglide/messages';

/** The owner's calendar: the months as guests see them, the blocks, the imported feeds and the exports. */
export function CalendarPanel() {
  const queryClient = useQueryClient();
  const blocks = useAdminList<AdminBlock>(['admin', 'blocks'], '/api/admin/blocks', m.calendarAdmin_blocksError());
  const feeds = useAdminList<AdminFeed>(['admin', 'feeds'], '/api/admin/feeds', m.calendarAdmin_feedsError());
  const { query, unavailable, from, to } = useAvailability();
  const confirm = useConfirm();
  const refresh = (key: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', key] }),
      queryClient.invalidateQueries({ queryKey: AVAILABILITY_QUERY_KEY }),
    ]);
  // The public answer is cached for a few seconds; the owner's own blocks show at once.
  const ownBlocks = blocks.state.kind === 'ready' ? blocks.state.items : [];
  const taken = mergeRanges([...unavailable, ...ownBlocks]);
  // The calendar opens on the month of the next stay (or block), where the owner's attention is.
  const firstDay = today();
  const next = taken.find((range) => range.end > firstDay);
  const openOn = next ? (next.start > firstDay ? next.start : firstDay) : undefined;

  return (
    <section aria-labelledby="calendar-heading" className="rounded-2xl bg-white p-6 shadow-sm xl:col-span-2">
      <div className="flex items-center justify-between gap-4">
        <h2 id="calendar-heading" className="text-2xl font-semibold text-lake-800">
          {m.calendarAdmin_heading()}
        </h2>
        <button
          type="button"
          onClick={() => void Promise.all([refresh('blocks'), refresh('feeds')])}
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
        >
          {m.calendarAdmin_reload()}
        </button>
      </div>
      <div className="mt-6">
        {query.data ? (
          <AvailabilityCalendar
            unavailable={taken}
            firstMonth={from}
            lastMonth={addMonths(to, -1)}
            {...(openOn ? { openOn } : {})}
          />
        ) : (
          <p className="text-slate-700">
            {query.isError ? m.calendarAdmin_availabilityError() : m.calendarAdmin_availabilityLoading()}
          </p>
        )}
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <BlocksSection
          state={blocks.state}
          reload={blocks.reload}
          changed={() => refresh('blocks')}
          ask={confirm.ask}
        />
        <div className="space-y-8">
          <FeedsSection state={feeds.state} reload={feeds.reload} changed={() => refresh('feeds')} ask={confirm.ask} />
          <SiteExport ask={confirm.ask} />
        </div>
      </div>
      <ConfirmDialog {...confirm.dialog} cancelLabel={m.calendarAdmin_cancel()} />
    </section>
  );
}
