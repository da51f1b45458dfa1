import { BOOK_NOW_OFFSET_PX, GALLERY_LINK_OFFSET_PX } from './constants';

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Scrolls so the element's top sits `offset` px below the top of the window. */
export function scrollToSection(id: string, offset = 0): void {
  const element = document.getElementById(id);
  if (!element) return;
  const top = element.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}

/** The anchors the header and footer link to; the gallery's offset clears its filter buttons' header. */
export const NAV_LINKS = [
  { id: 'home', offset: 0 },
  { id: 'about', offset: 0 },
  { id: 'gallery', offset: GALLERY_LINK_OFFSET_PX },
  { id: 'amenities', offset: 0 },
  { id: 'location', offset: 0 },
  { id: 'contact', offset: 0 },
] as const;

export const BOOK_NOW = { id: 'contact', offset: BOOK_NOW_OFFSET_PX } as const;

/** A click handler for an in-page link: smooth and offset with JavaScript, a plain anchor without. */
export function onAnchorClick(id: string, offset: number, after?: () => void) {
  return (event: { preventDefault: () => void }) => {
    event.preventDefault();
    scrollToSection(id, offset);
    history.replaceState(null, '', `#${id}`);
    after?.();
  };
}
