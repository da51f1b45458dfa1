import { useEffect, useState } from 'react';
import { TYPEWRITER_MS_PER_CHAR } from '../../../shared/constants';

/**
 * The first n characters of `text`, growing one every 28 ms; all of it at once when `instant`.
 * `typing` turns true once the page runs in the browser: the prerendered page shows the whole text.
 */
export function useTypewriter(text: string, instant: boolean): { typed: string; done: boolean; typing: boolean } {
  const [count, setCount] = useState(0);
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    if (instant) return;
    // Starting from the effect keeps the first client render equal to the prerendered HTML.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
    setTyping(true);
    const timer = setInterval(() => {
      setCount((n) => {
        if (n + 1 >= text.length) clearInterval(timer);
        return Math.min(n + 1, text.length);
      });
    }, TYPEWRITER_MS_PER_CHAR);
    return () => clearInterval(timer);
  }, [text, instant]);
  const shown = instant ? text.length : count;
  return { typed: text.slice(0, shown), done: shown >= text.length, typing: typing && !instant };
}
