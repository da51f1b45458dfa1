import { Hand } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { images } from '../../lib/page-images';
import { property } from '../../i18n/locale';
import { GALLERY_MAX_DOTS, GALLERY_NAV_LOCK_MS, SWIPE_THRESHOLD_PX } from '../../lib/constants';
import { GALLERY_CATEGORIES, type GalleryCategory } from '../../../shared/property';
import { Picture } from '../../ui/picture';
import { categoryLabel } from '../../i18n/labels';
import { m } from '../../i18n/paraglide/messages';
import { ArrowButtons } from '../../ui/arrow-buttons';
import { useStripEdges } from '../../ui/carousel/use-strip-edges';
import { Section } from '../../ui/section';
import { paginationDots } from './pagination-dots';
import { useGalleryNudge } from './use-gallery-nudge';
import { useInView } from '../../lib/use-in-view';
import { useNearViewport } from '../../lib/use-near-viewport';
import { useNavigationLock } from '../../lib/use-navigation-lock';
import { usePrefersReducedMotion } from '../../lib/use-media-query';

// The viewer is only needed once a photo is clicked.
const Lightbox = lazy(() => import('./lightbox'));

type Filter = 'all' | GalleryCategory;
const FILTERS: Filter[] = ['all', ...GALLERY_CATEGORIES];

export function GallerySection() {
  const [filter, setFilter] = useState<Filter>('all');
  const [index, setIndex] = useState(0);
  const [hint, setHint] = useState(true);
  const [viewing, setViewing] = useState<number | null>(null);
  const strip = useRef<HTMLDivElement>(null);
  const tryMove = useNavigationLock(GALLERY_NAV_LOCK_MS);
  const touchStartX = useRef<number | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const visible = useInView(strip, { threshold: 0.5 });
  const near = useNearViewport(strip);
  useGalleryNudge(strip, visible, reducedMotion);

  const items = filter === 'all' ? property.gallery : property.gallery.filter((g) => g.category === filter);
  const behavior: ScrollBehavior = reducedMotion ? 'auto' : 'smooth';
  // Past `lastStart` the strip cannot scroll: with three photos in view, the last three share one
  // position, so the index stops there and Next is disabled rather than moving only the dot.
  const { edges } = useStripEdges(strip, items.length);
  const last = Math.min(items.length - 1, edges.lastStart);

  /**
   * Marks photo `target` current and scrolls the strip to it, or as far as it goes. Arrows, swipes
   * and wheel turns stop at `last`; a dot or a focused photo may be any photo (`upTo`), the strip
   * then resting at its end with that photo marked.
   */
  function show(target: number, { lock = true, upTo = last } = {}) {
    const next = Math.max(0, Math.min(upTo, target));
    // Buttons, swipes and wheel turns in quick succession move one photo, not several.
    if (lock && !tryMove()) return;
    setIndex(next);
    const item = strip.current?.children[Math.min(next, last)] as HTMLElement | undefined;
    strip.current?.scrollTo({ left: item ? item.offsetLeft : 0, behavior });
  }
  const anyPhoto = items.length - 1;

  function choose(next: Filter) {
    setFilter(next);
    setIndex(0);
    strip.current?.scrollTo({ left: 0, behavior: 'auto' });
  }

  const dismissHint = () => setHint(false);

  return (
    <Section id="gallery" tone="sand" scrollMargin={false} title={m.gallery_title()} intro={property.intros.gallery}>
      <div role="group" aria-label={m.gallery_filters()} className="mt-8 flex flex-wrap justify-center gap-2">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => choose(f)}
            className={`rounded-full px-4 py-1.5 text-sm font-medium ${filter === f ? 'bg-lake-700 text-white' : 'bg-white text-slate-800 hover:bg-lake-100'}`}
          >
            {categoryLabel[f]()}
          </button>
        ))}
      </div>
      <div className="relative mt-8">
        <div
          ref={strip}
          data-testid="gallery-strip"
          onTouchStart={(e) => {
            dismissHint();
            touchStartX.current = e.touches[0]?.clientX ?? null;
          }}
          onTouchEnd={(e) => {
            const start = touchStartX.current;
            const end = e.changedTouches[0]?.clientX;
            touchStartX.current = null;
            if (start === null || end === undefined || Math.abs(end - start) <= SWIPE_THRESHOLD_PX) return;
            show(index + (end < start ? 1 : -1));
          }}
          onWheel={(e) => {
            dismissHint();
            if (Math.abs(e.deltaX) > Math.abs(e.deltaY) && Math.abs(e.deltaX) > 0)
              show(index + (e.deltaX > 0 ? 1 : -1));
          }}
          onMouseDown={dismissHint}
          className="flex touch-pan-y gap-4 overflow-x-hidden"
        >
          {items.map((item, i) => {
            const image = images[item.photo];
            return (
              <button
                key={`${filter}-${item.key ?? item.photo}`}
                type="button"
                data-testid="gallery-item"
                aria-current={i === index}
                onClick={() => setViewing(i)}
                // Keyboard focus brings the photo into view; a click opens it where it is.
                onFocus={(event) =>
                  i !== index &&
                  event.currentTarget.matches(':focus-visible') &&
                  show(i, { lock: false, upTo: anyPhoto })
                }
                className="w-[85%] shrink-0 overflow-hidden rounded-2xl focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-lake-600 md:w-[calc((100%-2rem)/3)]"
              >
                {image && (
                  <Picture
                    image={image}
                    deferred={!near}
                    alt={item.alt}
                    sizes="(min-width: 768px) 33vw, 85vw"
                    className="aspect-[3/2] h-auto w-full object-cover transition-transform duration-300 hover:scale-105"
                  />
                )}
              </button>
            );
          })}
        </div>
        <ArrowButtons
          look="floating"
          previous={{
            label: m.gallery_previous(),
            disabled: index === 0,
            onClick: () => show(index - 1, { upTo: anyPhoto }),
          }}
          next={{ label: m.gallery_next(), disabled: index >= last, onClick: () => show(index + 1) }}
        />
        {hint && (
          <p
            data-testid="swipe-hint"
            aria-hidden
            className="pointer-events-none absolute right-4 bottom-4 flex items-center gap-2 rounded-full bg-black/60 px-3 py-1.5 text-sm text-white"
          >
            <Hand className="size-4" /> {m.gallery_swipeHint()}
          </p>
        )}
      </div>
      <div className="mt-6 flex items-center justify-center gap-2" data-testid="gallery-dots">
        {paginationDots(items.length, index, GALLERY_MAX_DOTS).map((dot) =>
          dot.kind === 'ellipsis' ? (
            <span key={dot.side} data-testid="dots-ellipsis" aria-hidden className="px-1 text-slate-500">
              …
            </span>
          ) : (
            <button
              key={dot.index}
              type="button"
              aria-label={m.gallery_dot({ n: dot.index + 1, count: items.length })}
              aria-current={dot.index === index}
              onClick={() => show(dot.index, { lock: false, upTo: anyPhoto })}
              className="flex size-6 items-center justify-center"
            >
              <span
                className={`block rounded-full transition-all ${dot.index === index ? 'size-3 bg-lake-700' : 'size-2 bg-slate-400'}`}
              />
            </button>
          ),
        )}
      </div>
      {viewing !== null && (
        <Suspense fallback={null}>
          <Lightbox
            items={items}
            index={viewing}
            onStep={(delta) => setViewing((v) => (v === null ? v : (v + delta + items.length) % items.length))}
            onClose={() => {
              const shown = viewing;
              setViewing(null);
              show(shown, { lock: false, upTo: anyPhoto });
              (strip.current?.children[shown] as HTMLElement | undefined)?.focus({ preventScroll: true });
            }}
          />
        </Suspense>
      )}
    </Section>
  );
}
