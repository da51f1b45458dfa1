import { lazy } from 'react';
import { property } from '../../i18n/locale';
import { ReviewCardSkeleton } from './review-card';
import { WhenNear } from '../../ui/when-near';
import { Island } from '../../ui/island';
import { Section } from '../../ui/section';
import { m } from '../../i18n/paraglide/messages';

// The last section: its code and its first API call wait until the visitor scrolls near it.
const ReviewsPanel = lazy(() => import('./reviews-panel'));

/** The form and the carousel: the section's island. */
export function ReviewsIsland() {
  return (
    <WhenNear
      rootMargin="800px"
      placeholder={
        <div
          className="mt-12 flex min-h-[28rem] gap-4 overflow-hidden py-2"
          role="status"
          aria-busy="true"
          aria-label={m.reviews_loading()}
        >
          <ReviewCardSkeleton />
        </div>
      }
    >
      <ReviewsPanel />
    </WhenNear>
  );
}

export function ReviewsSection() {
  return (
    <Section id="reviews" tone="white" title={m.reviews_title()} intro={property.intros.reviews}>
      <Island name="reviews">
        <ReviewsIsland />
      </Island>
    </Section>
  );
}
