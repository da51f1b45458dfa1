import { useCallback } from 'react';
import { property } from 'virtual:content';
import { ReviewCardSkeleton } from '../components/review-card';
import { ReviewForm } from '../components/review-form';
import { ReviewsCarousel } from '../components/reviews-carousel';
import { useToast } from '../components/toast';
import { useReviewPages } from '../lib/use-review-pages';

export function ReviewsSection() {
  const toast = useToast();
  const onError = useCallback(() => toast.error('Error loading reviews.'), [toast]);
  const { items, status, loadMore, retry } = useReviewPages(onError);

  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="scroll-mt-16 bg-white px-4 py-20">
      <div className="mx-auto max-w-6xl">
        <h2 id="reviews-heading" className="text-center font-heading text-3xl font-bold text-lake-800 md:text-4xl">
          Guest Reviews
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-slate-700">{property.intros.reviews}</p>
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
      </div>
    </section>
  );
}
