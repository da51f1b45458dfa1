import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { SCROLL_BUTTON_THRESHOLD_PX } from '../../lib/constants';

export interface StripEdges {
  /** Scrolled more than 10 px from the start. */
  canGoBack: boolean;
  /** More than 10 px left to scroll. */
  canGoOn: boolean;
  /** Pixels left to scroll. */
  remaining: number;
  /** The first item whose start the strip cannot scroll past: moving further only clamps. */
  lastStart: number;
}

function measureStrip(el: HTMLElement): StripEdges {
  const max = el.scrollWidth - el.clientWidth;
  const remaining = max - el.scrollLeft;
  const items = [...el.children] as HTMLElement[];
  const first = items[0]?.offsetLeft ?? 0;
  const index = items.findIndex((item) => item.offsetLeft - first >= max - 1);
  return {
    canGoBack: el.scrollLeft > SCROLL_BUTTON_THRESHOLD_PX,
    canGoOn: remaining > SCROLL_BUTTON_THRESHOLD_PX,
    remaining,
    lastStart: index === -1 ? Math.max(0, items.length - 1) : index,
  };
}

/** Where a horizontal strip stands, measured again on every scroll, resize and change of `items`. */
export function useStripEdges(
  strip: RefObject<HTMLElement | null>,
  items: number,
  onMeasure?: (edges: StripEdges) => void,
) {
  const [edges, setEdges] = useState<StripEdges>({
    canGoBack: false,
    canGoOn: false,
    remaining: 0,
    lastStart: Math.max(0, items - 1),
  });
  const listener = useRef(onMeasure);
  useEffect(() => {
    listener.current = onMeasure;
  });
  const measure = useCallback((el: HTMLElement) => {
    const next = measureStrip(el);
    setEdges((old) =>
      old.canGoBack === next.canGoBack &&
      old.canGoOn === next.canGoOn &&
      old.lastStart === next.lastStart &&
      old.remaining === next.remaining
        ? old
        : next,
    );
    listener.current?.(next);
  }, []);

  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    // A new observer reports the size at once: the first measure, and again when `items` change.
    const observer = new ResizeObserver(() => measure(el));
    observer.observe(el);
    return () => observer.disconnect();
  }, [strip, measure, items]);

  const onScroll = useCallback((event: { currentTarget: HTMLElement }) => measure(event.currentTarget), [measure]);
  return { edges, onScroll };
}
