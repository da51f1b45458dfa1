import { QueryClientProvider } from '@tanstack/react-query';
import { addMonths } from '../../../shared/date-ranges';
import { m } from '../../i18n/paraglide/messages';
import { queryClient } from '../../lib/query-client';
import { ErrorWithRetry } from '../../ui/error-with-retry';
import { AvailabilityCalendar } from '../../ui/availability-calendar';
import { useAvailability } from '../../lib/use-availability';

/** The guests' calendar: loaded, with its data, when the contact section comes near. */
export default function AvailabilityPanel() {
  return (
    <QueryClientProvider client={queryClient}>
      <AvailabilityContent />
    </QueryClientProvider>
  );
}

function AvailabilityPlaceholder() {
  return <div role="status" aria-busy="true" aria-label={m.availability_loading()} className="min-h-[22rem]" />;
}

function AvailabilityContent() {
  const { query, unavailable, from, to } = useAvailability();
  if (query.isError)
    return (
      <ErrorWithRetry
        message={m.availability_loadFailed()}
        retryLabel={m.availability_tryAgain()}
        onRetry={() => void query.refetch()}
      />
    );
  // Until the nights are known, every night would look free: better nothing than a wrong answer.
  if (!query.data) return <AvailabilityPlaceholder />;
  return <AvailabilityCalendar unavailable={unavailable} firstMonth={from} lastMonth={addMonths(to, -1)} />;
}
