import { useEffect, useState } from 'react';
import { TYPEWRITER_MS_PER_CHAR } from '../../lib/constants';

/**
 * How many characters of `text` are typed: one more every 28 ms once the page runs in the browser,
 * all of them at once when `instant`. The prerendered page has typed none, over the whole headline.
 */
export function useTypewriter(text: string, instant: boolean): { count: number; typing: boolean } {
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
  return { count: instant ? text.length : count, typing: typing && !instant };
}
