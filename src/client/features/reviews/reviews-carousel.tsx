import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CAROUSEL_PAUSE_MS,
  CAROUSEL_RESUME_DELAY_MS,
  CAROUSEL_STEP_DESKTOP_PX,
  CAROUSEL_STEP_MOBILE_PX,
  CAROUSEL_TICK_MS,
  LOAD_MORE_DISTANCE_PX,
  MOBILE_BREAKPOINT_PX,
  SCROLL_BUTTON_THRESHOLD_PX,
} from '../../../shared/constants';
import type { PublicReview } from '../../../shared/reviews';
import { usePrefersReducedMotion } from '../../lib/use-media-query';
import { ReviewCard } from './review-card';

interface Props {
  reviews: PublicReview[];
  onNearEnd: () => void;
}

const step = () => (window.innerWidth < MOBILE_BREAKPOINT_PX ? CAROUSEL_STEP_MOBILE_PX : CAROUSEL_STEP_DESKTOP_PX);

export function ReviewsCarousel({ reviews, onNearEnd }: Props) {
  const strip = useRef<HTMLDivElement>(null);
  const pausedUntil = useRef(0);
  const hovered = useRef(false);
  const focused = useRef(false);
  const [edges, setEdges] = useState({ left: false, right: false });
  const reducedMotion = usePrefersReducedMotion();

  const measure = useCallback(() => {
    const el = strip.current;
    if (!el) return;
    const remaining = el.scrollWidth - el.clientWidth - el.scrollLeft;
    setEdges({ left: el.scrollLeft > SCROLL_BUTTON_THRESHOLD_PX, right: remaining > SCROLL_BUTTON_THRESHOLD_PX });
    if (remaining < LOAD_MORE_DISTANCE_PX) onNearEnd();
  }, [onNearEnd]);

  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure, reviews.length]);

  const pause = useCallback((ms = CAROUSEL_PAUSE_MS) => {
    pausedUntil.current = Math.max(pausedUntil.current, Date.now() + ms);
  }, []);

  useEffect(() => {
    if (reducedMotion) return;
    const timer = setInterval(() => {
      const el = strip.current;
      if (!el || hovered.current || focused.current || Date.now() < pausedUntil.current) return;
      const atEnd = el.scrollWidth - el.clientWidth - el.scrollLeft <= SCROLL_BUTTON_THRESHOLD_PX;
      if (atEnd) el.scrollTo({ left: 0, behavior: 'smooth' });
      else el.scrollBy({ left: step(), behavior: 'smooth' });
    }, CAROUSEL_TICK_MS);
    return () => clearInterval(timer);
  }, [reducedMotion]);

  const scrollByArrow = (direction: 1 | -1) => {
    pause();
    strip.current?.scrollBy({ left: direction * step(), behavior: reducedMotion ? 'auto' : 'smooth' });
  };

  const userScroll = () => pause();

  return (
    <div
      className="relative"
      onMouseEnter={() => {
        hovered.current = true;
      }}
      onMouseLeave={() => {
        hovered.current = false;
        pause(CAROUSEL_RESUME_DELAY_MS);
      }}
      onFocus={(event) => {
        // Keyboard focus holds the carousel still (WCAG 2.2.2); a mouse click on an arrow only pauses it.
        focused.current = event.target.matches(':focus-visible');
      }}
      onBlur={() => {
        focused.current = false;
        pause(CAROUSEL_RESUME_DELAY_MS);
      }}
    >
      <div
        ref={strip}
        data-testid="reviews-strip"
        role="region"
        aria-label="Guest reviews"
        tabIndex={0}
        onScroll={measure}
        onWheel={userScroll}
        onTouchStart={userScroll}
        onPointerDown={userScroll}
        onKeyDown={userScroll}
        className="no-scrollbar flex snap-x gap-4 overflow-x-auto scroll-smooth py-2 focus-visible:outline-2 focus-visible:outline-lake-600"
      >
        {reviews.map((review) => (
          <ReviewCard key={review.id} review={review} />
        ))}
      </div>
      {edges.left && (
        <button type="button" aria-label="Previous reviews" onClick={() => scrollByArrow(-1)} className="absolute top-1/2 -left-4 hidden -translate-y-1/2 rounded-full bg-white p-2 shadow-md hover:bg-lake-50 md:block">
          <ChevronLeft aria-hidden className="size-5 text-lake-800" />
        </button>
      )}
      {edges.right && (
        <button type="button" aria-label="Next reviews" onClick={() => scrollByArrow(1)} className="absolute top-1/2 -right-4 hidden -translate-y-1/2 rounded-full bg-white p-2 shadow-md hover:bg-lake-50 md:block">
          <ChevronRight aria-hidden className="size-5 text-lake-800" />
        </button>
      )}
    </div>
  );
}
