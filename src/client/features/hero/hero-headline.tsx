import { property } from '../../i18n/locale';
import { usePrefersReducedMotion } from '../../lib/use-media-query';
import { useTypewriter } from './use-typewriter';

/** The headline as people see it, typed over itself: the hero's only island. */
export function HeroHeadline() {
  const { headline } = property.hero;
  const reducedMotion = usePrefersReducedMotion();
  const { count, typing } = useTypewriter(headline, reducedMotion);
  if (reducedMotion) {
    return (
      <span aria-hidden className="block">
        {headline}
      </span>
    );
  }
  // The whole headline is painted from the first paint, with or without the script, and holds the
  // box. The typing is drawn over it, the headline dimmed beneath meanwhile: nothing in the flow
  // changes and the headline is never blank. The layer lays out the untyped rest too, unseen, so a
  // word being typed already sits on its final line and never jumps to the next one (a layout shift).
  return (
    <span aria-hidden className="relative block">
      <span className={typing ? 'text-white/35' : ''}>{headline}</span>
      <span data-testid="typed-headline" className="absolute inset-0">
        <span data-testid="typed-text">{headline.slice(0, count)}</span>
        {/* An inline box of no width, so the caret never changes where the lines break. */}
        <span className="relative">
          <span
            data-testid="caret"
            className={`absolute top-[0.15em] left-0.5 h-[1em] w-[3px] animate-pulse bg-white ${typing && count < headline.length ? '' : 'invisible'}`}
          />
        </span>
        <span className="invisible">{headline.slice(count)}</span>
      </span>
    </span>
  );
}
