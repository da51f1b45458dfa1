import type { PropertyContent } from '../../shared/content.js';
import type { ImageManifest } from '../../shared/images.js';
import { createQuoter, type Quoter } from './pricing-by-locale.js';

/** The content every reader uses at one moment, with what is worked out from it once. */
export interface ContentSnapshot {
  /** The published version; 0 for content read from the files (CONTENT_SOURCE=files). */
  readonly version: number;
  readonly property: PropertyContent;
  readonly quoter: Quoter;
  /**
   * The uploaded photos the version shows, read with it, so its pages can be rendered at once,
   * without a query (docs/decisions/0026-photos-by-id.md). The build's photos come from the build.
   */
  readonly images: ImageManifest;
}

export function contentSnapshot(
  version: number,
  property: PropertyContent,
  images: ImageManifest = {},
): ContentSnapshot {
  return Object.freeze({ version, property, quoter: createQuoter(property), images });
}

/**
 * The current published content of this server (docs/decisions/0022-content-in-the-database.md).
 * Readers ask `current()` each time rather than keep what it gave them, so a publish, here or on
 * another server, reaches every one of them.
 */
export interface LiveContent {
  current(): ContentSnapshot;
  /** Takes a newer version (a publish here, or one the poll found); an older or equal one is ignored. */
  adopt(snapshot: ContentSnapshot): boolean;
  /** Told of each new snapshot, after it is current. */
  onChange(listener: (snapshot: ContentSnapshot, previous: ContentSnapshot) => void): void;
}

export function createLiveContent(initial: ContentSnapshot): LiveContent {
  let current = initial;
  const listeners: Array<(snapshot: ContentSnapshot, previous: ContentSnapshot) => void> = [];
  return {
    current: () => current,
    adopt(snapshot) {
      if (snapshot.version <= current.version) return false;
      const previous = current;
      current = snapshot;
      for (const listener of listeners) listener(snapshot, previous);
      return true;
    },
    onChange(listener) {
      listeners.push(listener);
    },
  };
}
