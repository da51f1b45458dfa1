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

/**
 * The same for the links of the page's static HTML (the footer's), which no React root handles:
 * a click on an `<a href="#id" data-scroll-offset="N">` anywhere in the page.
 */
export function handleStaticAnchors(page: Document): void {
  page.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-scroll-offset]');
    const id = link?.hash.slice(1);
    if (
      !link ||
      !id ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    onAnchorClick(id, Number(link.dataset.scrollOffset))(event);
  });
}

/** Opening the landing page: at the top, gliding to the home section; a link to an anchor (/#contact) is left where it points. */
export function glideHome(): void {
  if (window.location.hash) return;
  window.scrollTo(0, 0);
  scrollToSection('home');
}

/** A click handler for an in-page link: smooth and offset with JavaScript, a plain anchor without. */
export function onAnchorClick(id: string, offset: number, after?: () => void) {
  return (event: { preventDefault: () => void }) => {
    event.preventDefault();
    scrollToSection(id, offset);
    history.replaceState(null, '', `#${id}`);
    after?.();
  };
}

/**
 * "Book now" takes the focus where the booking starts, not only the view: the booking panel
 * (`#book`, focusable) when the site takes bookings, the inquiry form's first field otherwise.
 * The view is already on its way there, so the focus does not scroll it again.
 */
export function focusBookingStart(): void {
  const target =
    document.getElementById('book') ??
    document.querySelector<HTMLElement>('#contact form :is(input, textarea, select):not(:disabled, [tabindex="-1"])');
  target?.focus({ preventScroll: true });
}
