import { ChevronDown } from 'lucide-react';
import { images } from '../../lib/page-images';
import { property } from '../../i18n/locale';
import { Picture } from '../../ui/picture';
import { Reveal } from '../../ui/reveal';
import { m } from '../../i18n/paraglide/messages';
import { Island } from '../../ui/island';
import { HeroHeadline } from './hero-headline';

/**
 * The hero: prerendered HTML, with the typed headline as its island. Its parts fade in with the
 * page, but not the headline, nor the section's dark ground under it: the headline is a phone's
 * largest paint, and content under a running fade counts as painted only from a later frame
 * (docs/decisions/0049-the-headline-is-not-faded.md).
 */
export function HeroSection() {
  const { hero } = property;
  const photo = images[hero.photo];
  return (
    <section
      id="home"
      aria-labelledby="hero-heading"
      className="relative flex min-h-svh items-center justify-center overflow-hidden bg-lake-800 text-white"
    >
      {photo && (
        <div className="animate-page-fade-in absolute inset-0">
          <Picture image={photo} alt="" sizes="100vw" priority className="h-full w-full object-cover" />
          <div className="absolute inset-0 bg-gradient-to-b from-black/55 via-black/35 to-black/60" />
        </div>
      )}
      <Reveal rootMargin="-100px" className="relative z-10 mx-auto max-w-4xl px-6 text-center">
        <h1 id="hero-heading" className="font-heading text-4xl leading-tight font-bold drop-shadow md:text-6xl">
          {/* Search engines and screen readers get the whole headline; the typing is only drawn. */}
          <span className="sr-only">{hero.headline}</span>
          <Island name="hero" inline>
            <HeroHeadline />
          </Island>
        </h1>
        <p className="animate-page-fade-in mx-auto mt-6 max-w-2xl text-lg text-white/90 md:text-xl">
          {hero.subheadline}
        </p>
        <a
          href="#contact"
          className="animate-page-fade-in mt-10 inline-block rounded-full bg-white px-8 py-3 font-semibold tracking-wide text-lake-800 shadow-lg hover:bg-lake-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {m.hero_checkAvailability()}
        </a>
      </Reveal>
      <a
        href="#about"
        data-scroll-offset={0}
        aria-label={m.hero_scrollDown()}
        className="animate-page-fade-in absolute bottom-8 left-1/2 z-10 -translate-x-1/2 rounded-full border border-white/60 p-2 md:hidden"
      >
        <ChevronDown aria-hidden className="size-6 animate-bounce motion-reduce:animate-none" />
      </a>
    </section>
  );
}
