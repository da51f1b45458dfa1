import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from '../../../shared/zod';
import type { CalendarExportSchema } from '../../../shared/calendar';
import { ErrorWithRetry } from '../../ui/error-with-retry';
import { useAdminAction, useAdminApi } from '../../lib/use-admin-api';
import { CopyUrl } from './copy-url';

type CalendarExport = z.infer<typeof CalendarExportSchema>;
const KEY = ['admin', 'calendar-export'] as const;

/** The site's own calendar, with every blocked night: for any other calendar the owner keeps. */
export function SiteExport({ ask }: { ask: (message: string, confirmLabel: string, run: () => void) => void }) {
  const adminApi = useAdminApi();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: () => adminApi<CalendarExport>('/api/admin/calendar') });
  const act = useAdminAction(() => queryClient.invalidateQueries({ queryKey: KEY }));
  const rotate = () =>
    ask(
      'Give the site calendar a new export URL? The old one stops working everywhere it was pasted.',
      'Rotate',
      () => {
        void act(
          () => adminApi('/api/admin/calendar/rotate', { method: 'POST' }),
          'New export URL ready.',
          'Error rotating the export URL.',
        );
      },
    );

  return (
    <div>
      <h3 className="text-lg font-semibold text-lake-800">This site's calendar</h3>
      <p className="mt-1 text-sm text-slate-700">
        Every blocked night, for any calendar that reads iCal. Each platform gets its own URL, under Imported calendars.
      </p>
      {query.data ? (
        <CopyUrl label="Export URL for this site" url={query.data.exportUrl} onRotate={rotate} />
      ) : query.isError ? (
        <ErrorWithRetry
          message="Error loading the export URL."
          retryLabel="Retry"
          onRetry={() => void query.refetch()}
        />
      ) : (
        <p className="mt-2 text-slate-700">Loading the export URL...</p>
      )}
    </div>
  );
}
