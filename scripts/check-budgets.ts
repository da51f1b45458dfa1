import { mkdirSync, writeFileSync } from 'node:fs';
import { checkBudgets } from './budgets.js';
import { buildRealPhotoSite } from './real-photo-build.js';
import { startServer } from '../tests/support/browser/built-server.js';
import { errorMessage } from '../src/shared/error-message.js';

// Part of `npm test`: the demo build (dist/client) must stay within its budgets. The same budgets
// are then printed for the real-photo build, for information: `npm run lighthouse` enforces those.
// Each build is served by the built server on a temporary SQLite file, so that its scripts are
// counted as a phone fetches them (scripts/fetched-scripts.ts).

async function checkServed(clientDir: string, label: string, options: Parameters<typeof startServer>[0]) {
  const server = await startServer({ database: 'sqlite', ...options });
  try {
    return await checkBudgets(clientDir, label, server.url);
  } finally {
    await server.stop();
  }
}

const demo = await checkServed('dist/client', 'demo-photo', {});
let realFailed = 0;
try {
  const real = await buildRealPhotoSite();
  try {
    const result = await checkServed(real.clientDir, 'real-photo', {
      entry: real.entry,
      env: { CONTENT_DIR: real.contentDir },
    });
    console.log(
      `  (real-photo build: ${result.failed} of ${result.checked} over; information only here, \`npm run lighthouse\` fails on them)`,
    );
  } finally {
    await real.remove();
  }
} catch (error) {
  // Without the photo set the check cannot be made: that is a failure, with the fix, not a skip.
  console.error(`The real-photo build failed: ${errorMessage(error)}`);
  realFailed = 1;
}

const failed = demo.failed + realFailed;
mkdirSync('test-results', { recursive: true });
writeFileSync(
  'test-results/budgets.json',
  JSON.stringify({ pages: demo.pages, passed: demo.checked - demo.failed + (realFailed ? 0 : 1), failed }),
);
process.exit(failed > 0 ? 1 : 0);
