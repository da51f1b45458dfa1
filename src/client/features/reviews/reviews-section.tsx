import { lazy } from 'react';
import { property } from 'virtual:content';
import { ReviewCardSkeleton } from './review-card';
import { WhenNear } from '../../ui/when-near';
import { Section } from '../../ui/section';
import { messages } from '../../i18n/messages';

// The last section: its code and its first API call wait until the visitor scrolls near it.
const ReviewsPanel = lazy(() => import('./reviews-panel'));

export function ReviewsSection() {
  return (
    <Section id="reviews" tone="white" reveal={false} title={messages.reviews.title} intro={property.intros.reviews}>
        <WhenNear
          rootMargin="800px"
          placeholder={
            <div className="mt-12 flex min-h-[28rem] gap-4 overflow-hidden py-2" role="status" aria-busy="true" aria-label={messages.reviews.loading}>
              <ReviewCardSkeleton />
            </div>
          }
        >
          <ReviewsPanel />
        </WhenNear>
    </Section>
  );
}
