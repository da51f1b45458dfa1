import { MapPin } from 'lucide-react';
import { useRef, useState } from 'react';
import { property } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { ATTRACTIONS_AUTO_ADVANCE_MS } from '../../lib/constants';
import { usePrefersReducedMotion } from '../../lib/use-media-query';
import { ArrowButtons } from '../../ui/arrow-buttons';
import { useAutoplay } from '../../ui/carousel/use-autoplay';

interface Attraction {
  name: string;
  distance: string;
  description: string;
}

/** One attraction at a time, moving on every 6 s with the same pauses as the reviews strip. */
export function AttractionsCarousel({ attractions }: { attractions: Attraction[] }) {
  const [state, setState] = useState({ index: 0, direction: 1 });
  const reducedMotion = usePrefersReducedMotion();
  const region = useRef<HTMLDivElement>(null);
  const count = attractions.length;
  const go = (direction: 1 | -1) => setState((s) => ({ index: (s.index + direction + count) % count, direction }));
  const { paused, running, pause, handlers } = useAutoplay({
    target: region,
    intervalMs: ATTRACTIONS_AUTO_ADVANCE_MS,
    disabled: reducedMotion || count < 2,
    onTick: () => go(1),
  });
  const press = (direction: 1 | -1) => {
    pause();
    go(direction);
  };

  const current = attractions[state.index];
  if (!current) return null;
  return (
    <div
      ref={region}
      role="region"
      aria-roledescription="carousel"
      aria-label={m.location_attractions()}
      data-paused={paused}
      data-running={running}
      {...handlers}
      className="relative overflow-hidden rounded-2xl bg-white p-6 shadow-sm"
    >
      <div
        key={state.index}
        aria-live={paused ? 'polite' : 'off'}
        data-testid="attraction"
        data-direction={state.direction > 0 ? 'next' : 'previous'}
        className={reducedMotion ? '' : state.direction > 0 ? 'animate-slide-from-right' : 'animate-slide-from-left'}
      >
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
          <ArrowButtons
            look="inline"
            previous={{ label: m.location_previous(), onClick: () => press(-1) }}
            next={{ label: m.location_next(), onClick: () => press(1) }}
          />
        </div>
      </div>
    </div>
  );
}

/** The landing page's carousel, as its own island: the content's attractions. */
export function AttractionsIsland() {
  return <AttractionsCarousel attractions={property.attractions} />;
}
