import { type BuiltServer, startBuiltServer } from '../lib/built-server.js';

/**
 * The real built server, as in production but with the submission limit raised so the rate
 * limiter never answers instead of the route, and no SMTP_URL: no mail server in the figures.
 */
export function startServer(databaseUrl: string): Promise<BuiltServer> {
  return startBuiltServer({ env: { DATABASE_URL: databaseUrl, ADMIN_PASSWORD: 'bench admin password', SUBMISSIONS_PER_WINDOW: '100000' } });
}
