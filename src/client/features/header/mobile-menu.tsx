import { LanguageLinks } from './language-links';
import { Camera, Mail, Phone, X } from 'lucide-react';
import { property } from '../../i18n/locale';
import { telHref } from '../../../shared/property';
import { navLabel } from '../../i18n/labels';
import { m } from '../../i18n/paraglide/messages';
import { focusBookingStart, NAV_LINKS, onAnchorClick } from '../../lib/scroll';
import { useModalDialog } from '../../ui/use-modal-dialog';

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * The right-side drawer. A modal <dialog>: the browser keeps focus inside, closes it on Escape,
 * dims the page behind it and gives focus back to the hamburger afterwards.
 */
export function MobileMenu({ open, onClose }: Props) {
  // Every way out goes through the native close, which hands focus back to the hamburger.
  const { ref, close, closeOnBackdrop } = useModalDialog(open);
  const { contact } = property;
  const linkClass =
    'block rounded-lg px-3 py-2 text-lg text-slate-800 hover:bg-lake-50 focus-visible:outline-2 focus-visible:outline-lake-600';
  return (
    <dialog
      ref={ref}
      id="mobile-menu"
      aria-label={m.nav_menu()}
      onClose={onClose}
      onClick={closeOnBackdrop}
      className="fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-80 max-w-[85vw] bg-white p-0 shadow-2xl backdrop:bg-black/50 open:flex"
    >
      <div className="flex h-full w-full flex-col gap-6 p-6">
        <div className="flex items-center justify-between">
          <span className="font-heading text-xl font-bold text-lake-800">{property.name}</span>
          <button
            type="button"
            aria-label={m.nav_closeMenu()}
            onClick={close}
            className="rounded-full p-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-lake-600"
          >
            <X aria-hidden className="size-6" />
          </button>
        </div>
        <nav aria-label={m.nav_mobile()}>
          <ul className="space-y-1">
            {NAV_LINKS.map((link) => (
              <li key={link.id}>
                <a
                  href={`#${link.id}`}
                  onClick={(event) => onAnchorClick(link.id, link.offset, close)(event)}
                  className={linkClass}
                >
                  {navLabel[link.id]()}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {/* Jumps to the anchor with no offset, and closes: the drawer covers the header anyway.
            The closing hands the focus back to the hamburger; the booking's start then takes it. */}
        <a
          href="#contact"
          onClick={(event) => {
            close();
            onAnchorClick('contact', 0, focusBookingStart)(event);
          }}
          className="rounded-full bg-lake-700 px-5 py-3 text-center font-semibold text-white hover:bg-lake-800"
        >
          {m.nav_bookNow()}
        </a>
        <LanguageLinks className={linkClass} />
        <div className="mt-auto grid grid-cols-3 gap-2 text-sm">
          <a
            href={telHref(contact.phone)}
            className="flex flex-col items-center gap-1 rounded-lg p-2 text-slate-700 hover:bg-lake-50"
          >
            <Phone aria-hidden className="size-5 text-lake-700" />
            {m.nav_call()}
          </a>
          <a
            href={`mailto:${contact.email}`}
            className="flex flex-col items-center gap-1 rounded-lg p-2 text-slate-700 hover:bg-lake-50"
          >
            <Mail aria-hidden className="size-5 text-lake-700" />
            {m.nav_email()}
          </a>
          <a
            href={contact.instagramUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="flex flex-col items-center gap-1 rounded-lg p-2 text-slate-700 hover:bg-lake-50"
          >
            <Camera aria-hidden className="size-5 text-lake-700" />
            {m.nav_instagram()}
          </a>
        </div>
      </div>
    </dialog>
  );
}
