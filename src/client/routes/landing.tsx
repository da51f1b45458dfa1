import { useEffect } from 'react';
import { property } from 'virtual:content';
import { ContactSection } from '../sections/contact-section';
import { ReviewsSection } from '../sections/reviews-section';

export function LandingPage() {
  useEffect(() => {
    document.title = `${property.name} - ${property.titleSuffix}`;
  }, []);
  return (
    <>
      <header className="bg-lake-800 px-4 py-4 text-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between">
          <a href="#home" className="text-xl font-semibold">
            {property.name}
          </a>
          <nav aria-label="Main">
            <a href="#contact" className="mr-6 hover:underline">
              Contact
            </a>
            <a href="#reviews" className="hover:underline">
              Reviews
            </a>
          </nav>
        </div>
      </header>
      <main id="home">
        <h1 className="sr-only">
          {property.name} - {property.titleSuffix}
        </h1>
        <ContactSection />
        <ReviewsSection />
      </main>
    </>
  );
}
