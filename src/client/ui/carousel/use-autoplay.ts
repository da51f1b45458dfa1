import {
  type FocusEvent,
  type MouseEvent,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { CAROUSEL_PAUSE_MS, CAROUSEL_RESUME_DELAY_MS } from '../../lib/constants';

/** Mouse events this soon after a touch are the touch's compatibility events, not a mouse. */
const TOUCH_COMPAT_MS = 1000;

interface Options {
  /** The carousel: it moves only while some of it is on screen, so a visitor finds it at its start. */
  target: RefObject<HTMLElement | null>;
  intervalMs: number;
  /** Reduced motion, or nothing to move: no timer at all. */
  disabled: boolean;
  onTick: () => void;
}

/**
 * Moves a carousel on every `intervalMs`, except while a mouse hovers it or keyboard focus is
 * visible inside it (WCAG 2.2.2), and for 3 s after a touch, a wheel turn, a key or an arrow press.
 * Only a real mouse counts as hovering: a phone's tap also sends mouse events, which must not
 * hold the carousel until the next tap elsewhere. A click focuses without :focus-visible, so it
 * only pauses, it does not stop the carousel for good.
 */
export function useAutoplay({ target, intervalMs, disabled, onTick }: Options) {
  const [onScreen, setOnScreen] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // The beat reads these, set in the event itself: a render comes later, and a beat in between
  // must already see the mouse gone or arrived.
  const hovering = useRef(false);
  const focusing = useRef(false);
  const hover = (on: boolean) => {
    hovering.current = on;
    setHovered(on);
  };
  const focus = (on: boolean) => {
    focusing.current = on;
    setFocused(on);
  };
  const pausedUntil = useRef(0);
  const tick = useRef(onTick);
  useEffect(() => {
    tick.current = onTick;
  });

  const pause = useCallback((ms: number = CAROUSEL_PAUSE_MS) => {
    pausedUntil.current = Math.max(pausedUntil.current, Date.now() + ms);
  }, []);

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry?.isIntersecting ?? false));
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);

  // One steady beat from when it comes on screen; a pause skips beats instead of restarting the count.
  // A layout effect, so the beat counts from the same commit that shows `running`.
  useLayoutEffect(() => {
    if (disabled || !onScreen) return;
    const timer = setInterval(() => {
      if (!hovering.current && !focusing.current && Date.now() >= pausedUntil.current) tick.current();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [disabled, onScreen, intervalMs]);

  const lastTouch = useRef(Number.NEGATIVE_INFINITY);
  const userMoved = () => pause();
  // Mouse events (not pointer events): Chromium tells a resting mouse about content scrolled
  // under it only with those. The ones a touch fires for compatibility are left out.
  const fromTouch = (event: MouseEvent) =>
    (event.nativeEvent as { sourceCapabilities?: { firesTouchEvents?: boolean } }).sourceCapabilities
      ?.firesTouchEvents === true || Date.now() - lastTouch.current < TOUCH_COMPAT_MS;
  const handlers = {
    onMouseEnter: (event: MouseEvent) => !fromTouch(event) && hover(true),
    onMouseLeave: () => {
      hover(false);
      pause(CAROUSEL_RESUME_DELAY_MS);
    },
    onFocus: (event: FocusEvent) => focus(event.target.matches(':focus-visible')),
    onBlur: () => {
      focus(false);
      pause(CAROUSEL_RESUME_DELAY_MS);
    },
    onPointerDown: userMoved,
    onTouchStart: () => {
      lastTouch.current = Date.now();
      pause();
    },
    onWheel: userMoved,
    onKeyDown: userMoved,
  };
  // `running`: its beat is counting (on screen, not disabled); a test's clock may move from then on.
  return { paused: hovered || focused || disabled, running: onScreen && !disabled, pause, handlers };
}
