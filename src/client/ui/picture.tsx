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
  const style = { backgroundImage: `url("${image.placeholder}")`, backgroundSize: 'cover', backgroundPosition: 'center' };
  if (deferred) {
    return (
      <picture>
        <img src={image.placeholder} width={image.width} height={image.height} alt={alt} decoding="async" className={className} style={style} />
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
