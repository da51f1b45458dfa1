import { useCallback, useRef } from 'react';
import type { PublicReview } from '../../../shared/reviews';
import { m } from '../../i18n/paraglide/messages';
import {
  CAROUSEL_STEP_DESKTOP_PX,
  CAROUSEL_STEP_MOBILE_PX,
  CAROUSEL_TICK_MS,
  LOAD_MORE_DISTANCE_PX,
  MOBILE_BREAKPOINT_PX,
  SCROLL_BUTTON_THRESHOLD_PX,
} from '../../lib/constants';
import { usePrefersReducedMotion } from '../../lib/use-media-query';
import { ArrowButtons } from '../../ui/arrow-buttons';
import { useAutoplay } from '../../ui/carousel/use-autoplay';
import { type StripEdges, useStripEdges } from '../../ui/carousel/use-strip-edges';
import { ReviewCard } from './review-card';

interface Props {
  reviews: PublicReview[];
  onNearEnd: () => void;
}

const step = () => (window.innerWidth < MOBILE_BREAKPOINT_PX ? CAROUSEL_STEP_MOBILE_PX : CAROUSEL_STEP_DESKTOP_PX);

export function ReviewsCarousel({ reviews, onNearEnd }: Props) {
  const strip = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const nearEnd = useCallback(
    (edges: StripEdges) => edges.remaining < LOAD_MORE_DISTANCE_PX && onNearEnd(),
    [onNearEnd],
  );
  const { edges, onScroll } = useStripEdges(strip, reviews.length, nearEnd);

  const { running, pause, handlers } = useAutoplay({
    target: strip,
    intervalMs: CAROUSEL_TICK_MS,
    disabled: reducedMotion,
    onTick: () => {
      const el = strip.current;
      if (!el) return;
      // At the end it goes back to the first card.
      if (el.scrollWidth - el.clientWidth - el.scrollLeft <= SCROLL_BUTTON_THRESHOLD_PX)
        el.scrollTo({ left: 0, behavior: 'smooth' });
      else el.scrollBy({ left: step(), behavior: 'smooth' });
    },
  });

  const scrollByArrow = (direction: 1 | -1) => {
    pause();
    strip.current?.scrollBy({ left: direction * step(), behavior: reducedMotion ? 'auto' : 'smooth' });
  };

  const { onPointerDown, onTouchStart, onWheel, onKeyDown, ...holds } = handlers;
  return (
    <div className="relative" {...holds}>
      <div
        ref={strip}
        data-testid="reviews-strip"
        data-running={running}
        role="region"
        aria-label={m.reviews_strip()}
        tabIndex={0}
        onScroll={onScroll}
        onWheel={onWheel}
        onTouchStart={onTouchStart}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
        className="no-scrollbar flex snap-x gap-4 overflow-x-auto scroll-smooth py-2 focus-visible:outline-2 focus-visible:outline-lake-600"
      >
        {reviews.map((review) => (
          <ReviewCard key={review.id} review={review} />
        ))}
      </div>
      <ArrowButtons
        look="floating"
        iconClass="size-5 text-lake-800"
        previous={{ label: m.reviews_previous(), hidden: !edges.canGoBack, onClick: () => scrollByArrow(-1) }}
        next={{ label: m.reviews_next(), hidden: !edges.canGoOn, onClick: () => scrollByArrow(1) }}
      />
    </div>
  );
}
