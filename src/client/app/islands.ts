import type { ComponentType } from 'react';
import type { IslandName } from '../ui/island';

interface IslandEntry {
  load: () => Promise<ComponentType>;
  /** Above the fold: hydrated right after the first paint, not when near. */
  eager?: boolean;
  /** Started with the first island that comes near, whose messages it shows, not on its own. */
  companion?: boolean;
}

// Each island's code is a chunk of its own, fetched only when the island is hydrated
// (docs/decisions/0021-react-islands.md).
export const ISLANDS: Record<IslandName, IslandEntry> = {
  header: { eager: true, load: () => import('../features/header/site-header').then((m) => m.SiteHeader) },
  hero: { eager: true, load: () => import('../features/hero/hero-headline').then((m) => m.HeroHeadline) },
  // Toasts answer what a visitor does in a later island: they come with the first of those.
  toasts: { companion: true, load: () => import('../ui/toast').then((m) => m.ToastViewport) },
  gallery: { load: () => import('../features/gallery/gallery-section').then((m) => m.GallerySection) },
  attractions: { load: () => import('../features/location/attractions-carousel').then((m) => m.AttractionsIsland) },
  map: { load: () => import('../features/location/lazy-map').then((m) => m.MapIsland) },
  availability: { load: () => import('./contact-islands').then((m) => m.AvailabilityIsland) },
  inquiry: { load: () => import('./contact-islands').then((m) => m.InquiryIsland) },
  panel: { load: () => import('./contact-islands').then((m) => m.PanelIsland) },
  // The login page's form, prerendered so that it is drawn with the page (scripts/prerender.ts).
  login: { eager: true, load: () => import('./login-route').then((m) => m.LoginRoute) },
  reviews: { load: () => import('../features/reviews/reviews-section').then((m) => m.ReviewsIsland) },
};
