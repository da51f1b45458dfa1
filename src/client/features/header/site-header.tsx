import { lazy, Suspense, useState } from 'react';
import { property } from '../../i18n/locale';
import { HEADER_SCROLL_THRESHOLD_PX } from '../../lib/constants';
import { navLabel } from '../../i18n/labels';
import { m } from '../../i18n/paraglide/messages';
import { BOOK_NOW, focusBookingStart, NAV_LINKS, onAnchorClick } from '../../lib/scroll';
import { MenuIcon } from '../../ui/menu-icon';
import { LanguageLinks } from './language-links';
import { useScrolledPast } from './use-scrolled';

// The drawer's code loads when a visitor reaches for the hamburger, not with the page.
const loadMenu = () => import('./mobile-menu');
const MobileMenu = lazy(() => loadMenu().then((m) => ({ default: m.MobileMenu })));

export function SiteHeader() {
  const solid = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header
      data-solid={solid}
      className={`animate-page-fade-in fixed inset-x-0 top-0 z-40 transition-colors duration-300 ${solid ? 'bg-white/95 text-slate-900 shadow-md backdrop-blur' : 'bg-transparent text-white'}`}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <a href="#home" onClick={onAnchorClick('home', 0)} className="font-heading text-xl font-bold">
          {property.name}
        </a>
        <nav aria-label={m.nav_main()} className="hidden items-center gap-6 md:ml-auto md:flex">
          {NAV_LINKS.map((link) => (
            <a
              key={link.id}
              href={`#${link.id}`}
              onClick={onAnchorClick(link.id, link.offset)}
              className="text-sm font-medium underline-offset-4 hover:underline"
            >
              {navLabel[link.id]()}
            </a>
          ))}
          <a
            href="#contact"
            onClick={onAnchorClick(BOOK_NOW.id, BOOK_NOW.offset, focusBookingStart)}
            className="rounded-full bg-lake-700 px-5 py-2 text-sm font-semibold text-white hover:bg-lake-800"
          >
            {m.nav_bookNow()}
          </a>
        </nav>
        <div className="ml-auto flex items-center gap-2 md:ml-4">
          <LanguageLinks className="rounded-full px-3 py-1 text-sm font-medium underline-offset-4 hover:underline" />
          <button
            type="button"
            aria-label={m.nav_openMenu()}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(true)}
            onPointerEnter={() => void loadMenu()}
            onTouchStart={() => void loadMenu()}
            onFocus={() => void loadMenu()}
            className="rounded-full p-2 hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-current md:hidden"
          >
            <MenuIcon className="size-6" />
          </button>
        </div>
      </div>
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu open onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
