import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback } from 'react';
import { m } from '../../i18n/paraglide/messages';
import { queryClient } from '../../lib/query-client';
import { useReviewPages } from './use-review-pages';
import { ReviewCardSkeleton } from './review-card';
import { ReviewForm } from './review-form';
import { ReviewsCarousel } from './reviews-carousel';
import { useToast } from '../../ui/toast';
import { ErrorWithRetry } from '../../ui/error-with-retry';

/** The review form and the carousel of approved reviews: loaded when the section comes near. */
export default function ReviewsPanel() {
  return (
    <QueryClientProvider client={queryClient}>
      <ReviewsPanelContent />
    </QueryClientProvider>
  );
}

function ReviewsPanelContent() {
  const toast = useToast();
  const onError = useCallback(() => toast.error(m.reviews_loadFailed()), [toast]);
  const { items, status, loadMore, retry } = useReviewPages(onError);

  return (
    <div className="mt-12 grid gap-10 lg:grid-cols-[22rem_1fr]">
      <ReviewForm />
      <div className="min-w-0">
        {status === 'loading' && (
          <div
            className="flex gap-4 overflow-hidden py-2"
            role="status"
            aria-busy="true"
            aria-label={m.reviews_loading()}
          >
            <ReviewCardSkeleton />
          </div>
        )}
        {status === 'error' && (
          <ErrorWithRetry message={m.reviews_loadFailed()} retryLabel={m.reviews_tryAgain()} onRetry={retry} />
        )}
        {status === 'ready' && items.length === 0 && <p className="py-4 text-slate-700">{m.reviews_none()}</p>}
        {status === 'ready' && items.length > 0 && <ReviewsCarousel reviews={items} onNearEnd={loadMore} />}
      </div>
    </div>
  );
}
