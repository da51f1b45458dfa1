import type { RegistrationList } from '../../../shared/guest-registrations';
import { m } from '../../i18n/paraglide/messages';

const LINE: Record<RegistrationList['service'], { text: () => string; detail: () => string; tone: string }> = {
  production: {
    text: m.registrations_service_production,
    detail: m.registrations_service_production_detail,
    tone: 'bg-green-50 text-green-900',
  },
  test: {
    text: m.registrations_service_test,
    detail: m.registrations_service_test_detail,
    tone: 'bg-red-50 text-red-900',
  },
  file: {
    text: m.registrations_service_file,
    detail: m.registrations_service_file_detail,
    tone: 'bg-slate-100 text-slate-800',
  },
};

/** Which SIBA service the server sends bulletins to (SIBA_URL), or that it sends none. */
export function SibaServiceLine({ service }: { service: RegistrationList['service'] }) {
  const line = LINE[service];
  return (
    <p data-testid="siba-service" className={`mt-3 rounded-lg px-3 py-2 text-sm ${line.tone}`}>
      <span className="font-semibold">{m.registrations_service({ service: line.text() })}</span> {line.detail()}
    </p>
  );
}
