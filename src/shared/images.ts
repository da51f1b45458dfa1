/** One encoded width of a photo. */
interface ImageSource {
  url: string;
  width: number;
}

/** A content photo after the build's image step: several widths in three formats. */
export interface ResponsiveImage {
  /** Intrinsic size of the source photo: the page reserves its box before it loads. */
  width: number;
  height: number;
  /** A tiny blurred preview, `data:image/webp;base64,…`. */
  placeholder: string;
  avif: ImageSource[];
  webp: ImageSource[];
  jpeg: ImageSource[];
}

/** Keyed by the photo's file name in the content folder's photos/. */
export type ImageManifest = Record<string, ResponsiveImage>;

export const srcSet = (sources: ImageSource[]) => sources.map((s) => `${s.url} ${s.width}w`).join(', ');

/** The largest variant, for the lightbox. */
export const largest = (sources: ImageSource[]) => sources.reduce((a, b) => (b.width > a.width ? b : a));
