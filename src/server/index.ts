import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { ContentError } from './content/load-property.js';
import { DatabaseStartError } from './db/database.js';
import { errorMessage } from '../shared/error-message.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const clientDir = fileURLToPath(new URL('../../client', import.meta.url));
  const ssrEntry = fileURLToPath(new URL('../../ssr/entry-server.js', import.meta.url));
  const app = await buildApp(config, { clientDir, ssrEntry });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('requests still open after the grace period; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // close() stops accepting connections, waits for requests in flight, then closes the database.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Estadia is serving ${config.siteUrl}`);
}

main().catch((error: unknown) => {
  // Start-up problems the owner can fix get a plain message, not a stack trace.
  if (error instanceof ConfigError || error instanceof DatabaseStartError || error instanceof ContentError) {
    console.error(`Estadia cannot start.\n${error.message}`);
  } else {
    console.error('Estadia cannot start:', errorMessage(error));
  }
  process.exit(1);
});
