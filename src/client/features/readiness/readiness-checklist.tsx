import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type DemoField, demoFieldsOf, type Readiness, type ReadinessCode } from '../../../shared/readiness';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { useAdminApi } from '../../lib/use-admin-api';
import { JumpLink } from '../../ui/jump-link';

// "Ready to go live": the readiness check's findings (the same `npm run doctor` prints), each with
// what to do, in the page's language (docs/decisions/0040-going-live.md).

const FIELD: Record<DemoField, () => string> = {
  iban: m.readiness_field_iban,
  registrationNumber: m.readiness_field_registrationNumber,
  phone: m.readiness_field_phone,
  nif: m.readiness_field_nif,
  email: m.readiness_field_email,
};

/** The demo fields still published, in words of the page's language: "IBAN, phone and e-mail". */
const fieldsInWords = (detail: string) =>
  new Intl.ListFormat(pageLocale, { type: 'conjunction' }).format(demoFieldsOf(detail).map((field) => FIELD[field]()));

/** Where a finding is fixed on this admin, when it is: a link after what to do. */
const WHERE: Partial<Record<ReadinessCode, { to: string; label: () => string }>> = {
  demo_content: { to: '/admin/content', label: m.readiness_demo_content_link },
  // The second-factor panel's heading on this page (features/two-factor).
  admin_without_second_factor: { to: '#two-factor-heading', label: m.readiness_admin_without_second_factor_link },
};

const TEXT: Record<ReadinessCode, { what: (detail: string) => string; todo: () => string }> = {
  demo_content: {
    what: (detail) => m.readiness_demo_content({ detail: fieldsInWords(detail) }),
    todo: m.readiness_demo_content_todo,
  },
  site_url_not_https: { what: () => m.readiness_site_url_not_https(), todo: m.readiness_site_url_not_https_todo },
  stripe_test_keys_on_https: {
    what: () => m.readiness_stripe_test_keys_on_https(),
    todo: m.readiness_stripe_test_keys_on_https_todo,
  },
  stripe_live_keys_on_http: {
    what: () => m.readiness_stripe_live_keys_on_http(),
    todo: m.readiness_stripe_live_keys_on_http_todo,
  },
  bookings_without_smtp: {
    what: () => m.readiness_bookings_without_smtp(),
    todo: m.readiness_bookings_without_smtp_todo,
  },
  bookings_without_data_key: {
    what: () => m.readiness_bookings_without_data_key(),
    todo: m.readiness_bookings_without_data_key_todo,
  },
  siba_test_service: { what: () => m.readiness_siba_test_service(), todo: m.readiness_siba_test_service_todo },
  admin_without_second_factor: {
    what: () => m.readiness_admin_without_second_factor(),
    todo: m.readiness_admin_without_second_factor_todo,
  },
  database_in_repository: {
    what: (detail) => m.readiness_database_in_repository({ detail }),
    todo: m.readiness_database_in_repository_todo,
  },
  node_outside_engines: {
    what: (detail) => m.readiness_node_outside_engines({ detail }),
    todo: m.readiness_node_outside_engines_todo,
  },
  stripe_api_url_on_real_site: {
    what: (detail) => m.readiness_stripe_api_url_on_real_site({ detail }),
    todo: m.readiness_stripe_api_url_on_real_site_todo,
  },
  invoicing_api_url_on_real_site: {
    what: (detail) => m.readiness_invoicing_api_url_on_real_site({ detail }),
    todo: m.readiness_invoicing_api_url_on_real_site_todo,
  },
  invoicing_without_vat: {
    what: () => m.readiness_invoicing_without_vat(),
    todo: m.readiness_invoicing_without_vat_todo,
  },
  no_recent_backup: { what: () => m.readiness_no_recent_backup(), todo: m.readiness_no_recent_backup_todo },
  backup_on_database_disk: {
    what: () => m.readiness_backup_on_database_disk(),
    todo: m.readiness_backup_on_database_disk_todo,
  },
  trust_proxy_unset_behind_proxy: {
    what: () => m.readiness_trust_proxy_unset_behind_proxy(),
    todo: m.readiness_trust_proxy_unset_behind_proxy_todo,
  },
  smtp_without_tls: { what: () => m.readiness_smtp_without_tls(), todo: m.readiness_smtp_without_tls_todo },
  visited_at_other_origin: {
    what: (detail) => m.readiness_visited_at_other_origin({ detail }),
    todo: m.readiness_visited_at_other_origin_todo,
  },
};

export function ReadinessChecklist() {
  const adminApi = useAdminApi();
  const { data, isError } = useQuery({
    queryKey: ['admin', 'readiness'],
    queryFn: () => adminApi<Readiness>('/api/admin/readiness'),
  });
  return (
    <section
      aria-labelledby="readiness-heading"
      className="rounded-2xl bg-white p-6 shadow-sm xl:col-span-2"
      data-testid="readiness-panel"
    >
      <h2 id="readiness-heading" className="text-2xl font-semibold text-lake-800">
        {m.readiness_title()}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{m.readiness_intro()}</p>
      {isError ? (
        <p className="mt-3 text-sm text-red-800">{m.readiness_error()}</p>
      ) : !data ? (
        <p className="mt-3 text-sm text-slate-600">{m.readiness_loading()}</p>
      ) : data.findings.length === 0 ? (
        <p className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">{m.readiness_allClear()}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {data.findings.map((finding) => (
            <li
              key={finding.code}
              data-testid={`readiness-${finding.code}`}
              className={`rounded-lg px-3 py-2 text-sm ${finding.level === 'block' ? 'bg-red-50 text-red-900' : 'bg-amber-50 text-amber-900'}`}
            >
              <span className="font-semibold">
                {finding.level === 'block' ? m.readiness_block() : m.readiness_warning()}:
              </span>{' '}
              {TEXT[finding.code].what(finding.detail ?? '')}. {TEXT[finding.code].todo()}
              <FixLink code={finding.code} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FixLink({ code }: { code: ReadinessCode }) {
  const where = WHERE[code];
  if (!where) return null;
  const className = 'ml-1 font-semibold underline underline-offset-2';
  return where.to.startsWith('#') ? (
    <JumpLink to={where.to.slice(1)} className={className}>
      {where.label()}
    </JumpLink>
  ) : (
    <Link to={where.to} className={className}>
      {where.label()}
    </Link>
  );
}
