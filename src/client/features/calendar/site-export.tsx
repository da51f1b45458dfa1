import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from '../../../shared/zod';
import type { CalendarExportSchema } from '../../../shared/calendar';
import { ErrorWithRetry } from '../../ui/error-with-retry';
import { useAdminAction, useAdminApi } from '../../lib/use-admin-api';
import { CopyUrl } from './copy-url';
import { m } from '../../i18n/paraglide/messages';

type CalendarExport = z.infer<typeof CalendarExportSchema>;
const KEY = ['admin', 'calendar-export'] as const;

/** The site's own calendar, with every blocked night: for any other calendar the owner keeps. */
export function SiteExport({ ask }: { ask: (message: string, confirmLabel: string, run: () => void) => void }) {
  const adminApi = useAdminApi();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: () => adminApi<CalendarExport>('/api/admin/calendar') });
  const act = useAdminAction(() => queryClient.invalidateQueries({ queryKey: KEY }));
  const rotate = () =>
    ask(m.calendarAdmin_rotateSiteConfirm(), m.calendarAdmin_rotate(), () => {
      void act(
        () => adminApi('/api/admin/calendar/rotate', { method: 'POST' }),
        m.calendarAdmin_rotated(),
        m.calendarAdmin_rotateFailed(),
      );
    });

  return (
    <div>
      <h3 className="text-lg font-semibold text-lake-800">{m.calendarAdmin_siteHeading()}</h3>
      <p className="mt-1 text-sm text-slate-700">{m.calendarAdmin_siteIntro()}</p>
      {query.data ? (
        <CopyUrl label={m.calendarAdmin_siteExportUrl()} url={query.data.exportUrl} onRotate={rotate} />
      ) : query.isError ? (
        <ErrorWithRetry
          message={m.calendarAdmin_exportUrlError()}
          retryLabel={m.calendarAdmin_retry()}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <p className="mt-2 text-slate-700">{m.calendarAdmin_exportUrlLoading()}</p>
      )}
    </div>
  );
}
