import { X } from 'lucide-react';
import { images } from '../../lib/page-images';
import type { GalleryImage } from '../../../shared/content';
import { m } from '../../i18n/paraglide/messages';
import { ArrowButtons } from '../../ui/arrow-buttons';
import { Picture } from '../../ui/picture';
import { useModalDialog } from '../../ui/use-modal-dialog';

interface Props {
  items: GalleryImage[];
  index: number;
  /** Moves by `delta` photos, wrapping; an updater so quick key presses never act on a stale index. */
  onStep: (delta: number) => void;
  onClose: () => void;
}

/** Full-screen photo viewer: a modal <dialog>, closed by the X, the backdrop or Escape; arrows move. */
export default function Lightbox({ items, index, onStep, onClose }: Props) {
  const { ref, close, closeOnBackdrop } = useModalDialog(true);
  const item = items[index];
  const image = item ? images[item.photo] : undefined;

  return (
    <dialog
      ref={ref}
      aria-label={m.gallery_viewer()}
      onClose={onClose}
      onClick={closeOnBackdrop}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') onStep(1);
        if (event.key === 'ArrowLeft') onStep(-1);
      }}
      className="fixed inset-0 m-0 h-full max-h-none w-full max-w-none bg-black/90 p-0 backdrop:bg-black/80"
    >
      <div className="pointer-events-none flex h-full w-full flex-col items-center justify-center gap-3 p-4 md:p-12">
        {image && item && (
          <figure className="pointer-events-auto flex max-h-full flex-col items-center gap-3">
            <Picture
              image={image}
              alt={item.alt}
              sizes="100vw"
              priority
              className="max-h-[80svh] w-auto max-w-full rounded object-contain"
            />
            <figcaption className="text-center text-sm text-white/90">
              {item.alt}{' '}
              <span className="text-white/70">
                ({index + 1} / {items.length})
              </span>
            </figcaption>
          </figure>
        )}
      </div>
      <button
        type="button"
        aria-label={m.gallery_close()}
        onClick={close}
        className="absolute top-4 right-4 rounded-full bg-black/50 p-2 text-white hover:bg-black/70 focus-visible:outline-2 focus-visible:outline-white"
      >
        <X aria-hidden className="size-6" />
      </button>
      <ArrowButtons
        look="overlay"
        previous={{ label: m.gallery_previous(), onClick: () => onStep(-1) }}
        next={{ label: m.gallery_next(), onClick: () => onStep(1) }}
      />
    </dialog>
  );
}
