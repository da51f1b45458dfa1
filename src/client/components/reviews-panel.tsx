import { useCallback } from 'react';
import { useReviewPages } from '../lib/use-review-pages';
import { ReviewCardSkeleton } from './review-card';
import { ReviewForm } from './review-form';
import { ReviewsCarousel } from './reviews-carousel';
import { useToast } from './toast';

/** The review form and the carousel of approved reviews: loaded when the section comes near. */
export default function ReviewsPanel() {
  const toast = useToast();
  const onError = useCallback(() => toast.error('Error loading reviews.'), [toast]);
  const { items, status, loadMore, retry } = useReviewPages(onError);

  return (
    <div className="mt-12 grid gap-10 lg:grid-cols-[22rem_1fr]">
      <ReviewForm />
      <div className="min-w-0">
        {status === 'loading' && (
          <div className="flex gap-4 overflow-hidden py-2" aria-busy="true" aria-label="Loading reviews">
            <ReviewCardSkeleton />
          </div>
        )}
        {status === 'error' && (
          <div className="flex flex-col items-start gap-3 py-4">
            <p className="text-slate-700">Error loading reviews.</p>
            <button type="button" onClick={retry} className="rounded-lg border border-lake-700 px-4 py-2 font-medium text-lake-700 hover:bg-lake-50">
              Try again
            </button>
          </div>
        )}
        {status === 'ready' && items.length === 0 && <p className="py-4 text-slate-700">No reviews found.</p>}
        {status === 'ready' && items.length > 0 && <ReviewsCarousel reviews={items} onNearEnd={loadMore} />}
      </div>
    </div>
  );
}

