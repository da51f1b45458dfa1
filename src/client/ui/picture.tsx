import type { ResponsiveImage } from '../../shared/images';
import { largest, srcSet } from '../../shared/images';

interface Props {
  image: ResponsiveImage;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn, so the browser picks the right width. */
  sizes: string;
  /** Above the fold: load at once with high priority. Everything else loads lazily. */
  priority?: boolean;
  /** Not near the viewport yet: only the placeholder is drawn and nothing is fetched. */
  deferred?: boolean;
  className?: string;
}

/** AVIF, then WebP, then JPEG, with explicit dimensions so nothing shifts while it loads. */
export function Picture({ image, alt, sizes, priority = false, deferred = false, className }: Props) {
  const style = {
    backgroundImage: `url("${image.placeholder}")`,
    backgroundSize: 'cover',
    backgroundPosition: 'center',
  };
  if (deferred) {
    return (
      <picture>
        <img
          src={image.placeholder}
          width={image.width}
          height={image.height}
          alt={alt}
          decoding="async"
          className={className}
          style={style}
        />
      </picture>
    );
  }
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(image.avif)} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image.webp)} sizes={sizes} />
      <img
        src={largest(image.jpeg).url}
        srcSet={srcSet(image.jpeg)}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'sync' : 'async'}
        className={className}
        style={style}
      />
    </picture>
  );
}

/**
 * A photo of the page's static HTML, which no React root renders again: its placeholder is drawn
 * and nothing is fetched until the page's script (lib/load-photos-near.ts) finds it near the
 * viewport and builds its sources from the `data-` attributes. The static HTML has no `<source>`
 * and no `sizes` yet: HTML allows neither without a `srcset`, and a `srcset` would be fetched.
 */
export function NearPicture({ image, alt, sizes, className }: Omit<Props, 'priority' | 'deferred'>) {
  const style = {
    backgroundImage: `url("${image.placeholder}")`,
    backgroundSize: 'cover',
    backgroundPosition: 'center',
  };
  return (
    <picture data-load-near="" data-avif={srcSet(image.avif)} data-webp={srcSet(image.webp)} data-sizes={sizes}>
      <img
        src={image.placeholder}
        data-src={largest(image.jpeg).url}
        data-srcset={srcSet(image.jpeg)}
        width={image.width}
        height={image.height}
        alt={alt}
        decoding="async"
        className={className}
        style={style}
      />
    </picture>
  );
}
