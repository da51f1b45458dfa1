import { ChevronLeft, ChevronRight, MapPin } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ATTRACTIONS_AUTO_ADVANCE_MS } from '../../../shared/constants';
import { usePrefersReducedMotion } from '../../lib/use-media-query';

interface Attraction {
  name: string;
  distance: string;
  description: string;
}

/** One attraction at a time; moves on every 6 s unless hovered, focused or reduced motion is asked for. */
export function AttractionsCarousel({ attractions }: { attractions: Attraction[] }) {
  const [state, setState] = useState({ index: 0, direction: 1 });
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const paused = hovered || focused || reducedMotion;
  const count = attractions.length;

  const go = (direction: 1 | -1) => setState((s) => ({ index: (s.index + direction + count) % count, direction }));

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => setState((s) => ({ index: (s.index + 1) % count, direction: 1 })), ATTRACTIONS_AUTO_ADVANCE_MS);
    return () => clearInterval(timer);
  }, [paused, count]);

  const current = attractions[state.index];
  if (!current) return null;
  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Nearby attractions"
      data-paused={paused}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setFocused(false)}
      className="relative overflow-hidden rounded-2xl bg-white p-6 shadow-sm"
    >
      <div key={state.index} aria-live={paused ? 'polite' : 'off'} data-testid="attraction" data-direction={state.direction > 0 ? 'next' : 'previous'} className={reducedMotion ? '' : state.direction > 0 ? 'animate-slide-from-right' : 'animate-slide-from-left'}>
        <p className="flex items-center gap-2 text-sm font-medium text-lake-700">
          <MapPin aria-hidden className="size-4" /> {current.distance}
        </p>
        <h3 className="mt-2 text-xl font-semibold text-lake-800">{current.name}</h3>
        <p className="mt-2 min-h-12 text-slate-700">{current.description}</p>
      </div>
      <div className="mt-4 flex items-center justify-between">
        <span className="text-sm text-slate-600">
          {state.index + 1} / {count}
        </span>
        <div className="flex gap-2">
          <button type="button" aria-label="Previous attraction" onClick={() => go(-1)} className="rounded-full border border-slate-300 p-2 hover:bg-lake-50">
            <ChevronLeft aria-hidden className="size-5" />
          </button>
          <button type="button" aria-label="Next attraction" onClick={() => go(1)} className="rounded-full border border-slate-300 p-2 hover:bg-lake-50">
            <ChevronRight aria-hidden className="size-5" />
          </button>
        </div>
      </div>
    </div>
  );
}
