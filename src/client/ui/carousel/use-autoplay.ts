import { type FocusEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { CAROUSEL_PAUSE_MS, CAROUSEL_RESUME_DELAY_MS } from '../../lib/constants';

interface Options {
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
export function useAutoplay({ intervalMs, disabled, onTick }: Options) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = useRef(false);
  useEffect(() => {
    held.current = hovered || focused;
  }, [hovered, focused]);
  const pausedUntil = useRef(0);
  const tick = useRef(onTick);
  useEffect(() => {
    tick.current = onTick;
  });

  const pause = useCallback((ms: number = CAROUSEL_PAUSE_MS) => {
    pausedUntil.current = Math.max(pausedUntil.current, Date.now() + ms);
  }, []);

  // One steady beat from the start; a pause skips beats instead of restarting the count.
  useEffect(() => {
    if (disabled) return;
    const timer = setInterval(() => {
      if (!held.current && Date.now() >= pausedUntil.current) tick.current();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [disabled, intervalMs]);

  const userMoved = () => pause();
  const handlers = {
    onPointerEnter: (event: PointerEvent) => event.pointerType === 'mouse' && setHovered(true),
    onPointerLeave: (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      setHovered(false);
      pause(CAROUSEL_RESUME_DELAY_MS);
    },
    onFocus: (event: FocusEvent) => setFocused(event.target.matches(':focus-visible')),
    onBlur: () => {
      setFocused(false);
      pause(CAROUSEL_RESUME_DELAY_MS);
    },
    onPointerDown: userMoved,
    onTouchStart: userMoved,
    onWheel: userMoved,
    onKeyDown: userMoved,
  };
  return { paused: hovered || focused || disabled, pause, handlers };
}
