/**
 * Fades the page's sections in as they scroll into view: every `[data-reveal]` box (ui/reveal.tsx)
 * starts visible ("static") in the HTML and is only hidden here, by script, while it is below the
 * fold, so a page without JavaScript hides nothing. Plain DOM: the sections it moves are not
 * hydrated (docs/decisions/0021-react-islands.md).
 */
export function revealOnScroll(page: ParentNode): void {
  if (typeof IntersectionObserver === 'undefined' || window.matchMedia('(prefers-reduced-motion: reduce)').matches)
    return;
  for (const box of page.querySelectorAll<HTMLElement>('[data-reveal]')) {
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) {
          box.dataset.reveal = 'shown';
          observer.disconnect();
        } else if (box.dataset.reveal === 'static') {
          box.dataset.reveal = 'waiting';
        }
      },
      { threshold: Number(box.dataset.threshold ?? 0.15), rootMargin: box.dataset.rootMargin ?? '0px' },
    );
    observer.observe(box);
  }
}
