import { PHOTO_LOAD_DISTANCE_PX } from './constants';

/**
 * Loads the static HTML's photos (ui/picture.tsx, NearPicture) as they come within the photo load
 * distance of the viewport, as the islands' photos do: the browser's own lazy loading starts much
 * further away and would fetch photos nobody scrolls to (docs/decisions/0015-real-photos-and-first-view.md).
 */
export function loadPhotosNear(page: ParentNode): void {
  const load = (picture: HTMLElement) => {
    const { avif, webp, sizes = '' } = picture.dataset;
    const img = picture.querySelector<HTMLImageElement>('img[data-src]');
    if (img) {
      for (const [type, srcset] of [
        ['image/avif', avif],
        ['image/webp', webp],
      ] as const) {
        if (!srcset) continue;
        const source = document.createElement('source');
        source.type = type;
        source.sizes = sizes;
        source.srcset = srcset;
        picture.insertBefore(source, img);
      }
      img.sizes = sizes;
      img.srcset = img.dataset.srcset ?? '';
      img.src = img.dataset.src ?? img.src;
      delete img.dataset.srcset;
      delete img.dataset.src;
    }
    for (const key of ['loadNear', 'avif', 'webp', 'sizes']) delete picture.dataset[key];
  };
  const pictures = page.querySelectorAll<HTMLElement>('picture[data-load-near]');
  if (typeof IntersectionObserver === 'undefined') return pictures.forEach(load);
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        load(entry.target as HTMLElement);
      }
    },
    { rootMargin: `${PHOTO_LOAD_DISTANCE_PX}px 0px` },
  );
  pictures.forEach((picture) => observer.observe(picture));
}
