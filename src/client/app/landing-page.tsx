import { useEffect } from 'react';
import { property } from '../i18n/locale';
import { AboutSection } from '../features/about/about-section';
import { AmenitiesSection } from '../features/amenities/amenities-section';
import { ContactSection } from '../features/inquiry/contact-section';
import { GallerySection } from '../features/gallery/gallery-section';
import { HeroSection } from '../features/hero/hero-section';
import { LocationSection } from '../features/location/location-section';
import { ReviewsSection } from '../features/reviews/reviews-section';
import { SiteFooter } from '../features/footer/site-footer';
import { SiteHeader } from '../features/header/site-header';
import { m } from '../i18n/paraglide/messages';
import { scrollToSection } from '../lib/scroll';

export function LandingPage() {
  useEffect(() => {
    document.title = `${property.name} - ${property.titleSuffix}`;
    // The page opens at the top and glides to the home section; a link to an anchor (/#contact)
    // is left where it points.
    if (window.location.hash) return;
    window.scrollTo(0, 0);
    scrollToSection('home');
  }, []);

  return (
    <div className="animate-page-fade-in">
      <a href="#main" className="sr-only z-50 rounded bg-white px-4 py-2 text-lake-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        {m.skipToContent()}
      </a>
      <SiteHeader />
      <main id="main">
        <HeroSection />
        <AboutSection />
        <GallerySection />
        <AmenitiesSection />
        <LocationSection />
        <ContactSection />
        <ReviewsSection />
      </main>
      <SiteFooter />
    </div>
  );
}
