import { AboutSection } from '../features/about/about-section';
import { AmenitiesSection } from '../features/amenities/amenities-section';
import { GallerySection } from '../features/gallery/gallery-section';
import { HeroSection } from '../features/hero/hero-section';
import { LocationSection } from '../features/location/location-section';
import { ReviewsSection } from '../features/reviews/reviews-section';
import { SiteFooter } from '../features/footer/site-footer';
import { SiteHeader } from '../features/header/site-header';
import { m } from '../i18n/paraglide/messages';
import { Island } from '../ui/island';
import { BookingBar } from './booking-bar';
import { bookingMode } from './contact-islands';
import { ContactSection } from './contact-section';

/** The landing page as prerendered: static HTML around its islands (ui/island.tsx). */
export function LandingPage() {
  const booking = bookingMode() !== 'inquiry';
  return (
    // With bookings on, a phone's booking bar covers the page's last lines: room is left for it.
    // The page fades in over a second, each part on its own, all but the hero's headline: it is
    // drawn at once (docs/decisions/0049-the-headline-is-not-faded.md).
    <div className={booking ? 'pb-20 lg:pb-0' : undefined}>
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 text-lake-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {m.skipToContent()}
      </a>
      <Island name="header">
        <SiteHeader />
      </Island>
      <main id="main">
        <HeroSection />
        <div className="animate-page-fade-in">
          <AboutSection />
          {/* A keyboard user reaches the gallery's filters, arrows, dots and photos one Tab at a time:
              this link, shown when focused, goes past them to the next section. */}
          <div className="relative">
            <a
              href="#after-gallery"
              className="sr-only z-20 rounded-lg bg-white font-medium text-lake-800 shadow focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:px-4 focus:py-2 focus:outline-2 focus:outline-lake-700"
            >
              {m.gallery_skip()}
            </a>
          </div>
          <Island name="gallery">
            <GallerySection />
          </Island>
          {/* The skip link's target: focusable, so the next Tab goes on from here. */}
          <div id="after-gallery" tabIndex={-1} className="outline-none" />
          <AmenitiesSection />
          <LocationSection />
          <ContactSection />
          <ReviewsSection />
        </div>
      </main>
      <div className="animate-page-fade-in">
        <SiteFooter />
      </div>
      {booking && <BookingBar />}
    </div>
  );
}
