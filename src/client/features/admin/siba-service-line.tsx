import type { RegistrationList } from '../../../shared/guest-registrations';

const LINE: Record<RegistrationList['service'], { text: string; detail: string; tone: string }> = {
  production: {
    text: 'production service',
    detail: 'Bulletins are sent to SIBA on the day of each movement.',
    tone: 'bg-green-50 text-green-900',
  },
  test: {
    text: 'test service',
    detail:
      "SIBA's test service reports nobody: what it takes stays due. Set SIBA_URL to the production service (docs/siba.md).",
    tone: 'bg-red-50 text-red-900',
  },
  file: {
    text: 'file download only',
    detail: 'Download each bulletin, upload it on the SIBA portal, then mark it as sent.',
    tone: 'bg-slate-100 text-slate-800',
  },
};

/** Which SIBA service the server sends bulletins to (SIBA_URL), or that it sends none. */
export function SibaServiceLine({ service }: { service: RegistrationList['service'] }) {
  const line = LINE[service];
  return (
    <p data-testid="siba-service" className={`mt-3 rounded-lg px-3 py-2 text-sm ${line.tone}`}>
      <span className="font-semibold">SIBA: {line.text}.</span> {line.detail}
    </p>
  );
}
