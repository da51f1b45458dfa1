import { property } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';

/** An ended or revoked guest link (410 `gone`): the guest learns why, and whom to ask for a new one. */
export function LinkGone() {
  const email = property.contact.email;
  return (
    <div role="alert" data-testid="booking-link-gone" className="mt-4 rounded-lg bg-amber-50 p-4 text-amber-950">
      <p>{m.booking_linkGone()}</p>
      <p className="mt-2">
        {m.booking_linkGoneAsk()}{' '}
        <a href={`mailto:${email}`} className="font-semibold break-all text-lake-800 underline">
          {email}
        </a>
      </p>
    </div>
  );
}
