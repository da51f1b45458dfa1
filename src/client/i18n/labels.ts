import type { GalleryCategory } from '../../shared/property';
import type { NAV_LINKS } from '../lib/scroll';
import { m } from './paraglide/messages';

// Texts chosen by a value (a section, a photo category): one message per value, checked complete.
type SectionId = (typeof NAV_LINKS)[number]['id'];

export const navLabel: Record<SectionId, () => string> = {
  home: m.nav_links_home,
  about: m.nav_links_about,
  gallery: m.nav_links_gallery,
  amenities: m.nav_links_amenities,
  location: m.nav_links_location,
  contact: m.nav_links_contact,
};

export const categoryLabel: Record<GalleryCategory | 'all', () => string> = {
  all: m.gallery_categories_all,
  exterior: m.gallery_categories_exterior,
  lake: m.gallery_categories_lake,
  interior: m.gallery_categories_interior,
  kitchen: m.gallery_categories_kitchen,
  bedrooms: m.gallery_categories_bedrooms,
  bathrooms: m.gallery_categories_bathrooms,
};
