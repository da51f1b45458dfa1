import type { ReactNode } from 'react';
import { controllerOf } from '../../shared/content';
import { LOGIN_WINDOW_MINUTES, PENDING_REVIEW_DAYS } from '../../shared/constants';
import { PRIVACY_PAGE } from '../../shared/locales';
import { formatDuration, PRIVACY_PLACEHOLDERS } from '../../shared/privacy';
import { pageLocale, pagePath, property } from '../i18n/locale';
import { m } from '../i18n/paraglide/messages';
import { LanguageLinks } from '../features/header/language-links';
import { SiteFooter } from '../features/footer/site-footer';

const GOOGLE_PRIVACY = 'https://policies.google.com/privacy';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="font-heading text-2xl font-bold text-lake-800">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-slate-700">{children}</div>
    </section>
  );
}

/**
 * The privacy page, built from the content and the settings so it stays true. It is a document:
 * prerendered, and sent without the page's script (docs/decisions/0014-privacy-page.md). The
 * durations the server is configured with are tokens it fills in at start.
 */
export function PrivacyPage() {
  const controller = controllerOf(property);
  const home = pagePath(pageLocale);
  return (
    <div>
      <header className="bg-lake-800 text-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between px-4">
          <a href={home} className="font-heading text-xl font-bold">
            {property.name}
          </a>
          <LanguageLinks
            page={PRIVACY_PAGE}
            className="rounded-full px-3 py-1 text-sm font-medium underline-offset-4 hover:underline"
          />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="font-heading text-4xl font-bold text-lake-800">{m.privacy_pageTitle()}</h1>
        <p className="mt-4 text-lg text-slate-700">{m.privacy_intro({ name: property.name })}</p>

        <Part id="controller" title={m.privacy_controller_title()}>
          <p>{m.privacy_controller_text()}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-medium">{m.privacy_controller_name()}</dt>
            <dd data-testid="controller-name">{controller.name}</dd>
            <dt className="font-medium">{m.privacy_controller_email()}</dt>
            <dd>
              <a href={`mailto:${controller.email}`} className="break-all text-lake-700 underline underline-offset-2">
                {controller.email}
              </a>
            </dd>
          </dl>
        </Part>

        <Part id="stored" title={m.privacy_stored_title()}>
          <ul className="list-disc space-y-2 pl-5">
            <li>{m.privacy_stored_inquiry()}</li>
            <li>{m.privacy_stored_booking()}</li>
            <li>{m.privacy_stored_registration()}</li>
            <li>{m.privacy_stored_review()}</li>
            <li>{m.privacy_stored_addresses()}</li>
          </ul>
        </Part>

        <Part id="why" title={m.privacy_why_title()}>
          <p data-testid="inquiry-retention">
            {m.privacy_why_inquiry({ duration: PRIVACY_PLACEHOLDERS.inquiryRetention })}
          </p>
          <p data-testid="booking-retention">{m.privacy_why_booking()}</p>
          <p data-testid="registration-retention">{m.privacy_why_registration()}</p>
          <p data-testid="review-retention">
            {m.privacy_why_review({ duration: formatDuration(PENDING_REVIEW_DAYS, 'day', pageLocale) })}
          </p>
          <p data-testid="log-retention">{m.privacy_why_logs()}</p>
          <p data-testid="backup-retention">
            {m.privacy_why_backups({ duration: PRIVACY_PLACEHOLDERS.backupRetention })}
          </p>
          <p data-testid="address-retention">
            {m.privacy_why_addresses({
              duration: PRIVACY_PLACEHOLDERS.submissionWindow,
              loginDuration: formatDuration(LOGIN_WINDOW_MINUTES, 'minute', pageLocale),
            })}
          </p>
        </Part>

        <Part id="cookies" title={m.privacy_cookies_title()}>
          <p>{m.privacy_cookies_text()}</p>
        </Part>

        <Part id="third-party" title={m.privacy_thirdParty_title()}>
          <p>{m.privacy_thirdParty_text()}</p>
          <p>
            <a
              href={GOOGLE_PRIVACY}
              target="_blank"
              rel="noopener noreferrer"
              className="text-lake-700 underline underline-offset-2"
            >
              {m.privacy_thirdParty_link()}
            </a>
          </p>
          <p>{m.privacy_thirdParty_stripe()}</p>
        </Part>

        <Part id="rights" title={m.privacy_rights_title()}>
          <p>{m.privacy_rights_text()}</p>
        </Part>

        <p className="mt-12">
          <a href={home} className="font-medium text-lake-700 underline underline-offset-2">
            {m.privacy_backHome({ name: property.name })}
          </a>
        </p>
      </main>
      <SiteFooter home={home} />
    </div>
  );
}
