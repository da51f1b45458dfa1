import { lazy } from 'react';
import { property } from 'virtual:content';
import { ReviewCardSkeleton } from './review-card';
import { WhenNear } from '../../ui/when-near';
import { SectionHeading } from '../../ui/section-heading';

// The last section: its code and its first API call wait until the visitor scrolls near it.
const ReviewsPanel = lazy(() => import('./reviews-panel'));

export function ReviewsSection() {
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="scroll-mt-16 bg-white px-4 py-20">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="reviews-heading" title="Guest Reviews" intro={property.intros.reviews} />
        <WhenNear
          rootMargin="800px"
          placeholder={
            <div className="mt-12 flex min-h-[28rem] gap-4 overflow-hidden py-2" role="status" aria-busy="true" aria-label="Loading reviews">
              <ReviewCardSkeleton />
            </div>
          }
        >
          <ReviewsPanel />
        </WhenNear>
      </div>
    </section>
  );
}
