import { PHOTO_LOAD_DISTANCE_PX } from './constants';

/**
 * Loads the static HTML's photos (ui/picture.tsx, NearPicture) as they come within the photo load
 * distance of the viewport, as the islands' photos do: the browser's own lazy loading starts much
 * further away and would fetch photos nobody scrolls to (docs/decisions/0015-real-photos-and-first-view.md).
 */
export function loadPhotosNear(page: ParentNode): void {
  const load = (picture: Element) => {
    for (const part of picture.querySelectorAll<HTMLSourceElement | HTMLImageElement>('[data-srcset]')) {
      part.srcset = part.dataset.srcset ?? '';
      delete part.dataset.srcset;
    }
    const img = picture.querySelector<HTMLImageElement>('img[data-src]');
    if (img) img.src = img.dataset.src ?? img.src;
    picture.removeAttribute('data-load-near');
  };
  const pictures = page.querySelectorAll('picture[data-load-near]');
  if (typeof IntersectionObserver === 'undefined') return pictures.forEach(load);
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        load(entry.target);
      }
    },
    { rootMargin: `${PHOTO_LOAD_DISTANCE_PX}px 0px` },
  );
  pictures.forEach((picture) => observer.observe(picture));
}
