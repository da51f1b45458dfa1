import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays } from '../../src/shared/date-ranges.js';
import { houseToday } from '../../src/shared/dates.js';
import { openDatabase } from '../../src/server/db/database.js';
import { AdminApi } from '../support/browser/admin-api.js';
import { NeedsActionPage } from '../support/browser/pages/needs-action.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { bookingContentDir } from '../support/server/booking-site.js';
import { stayBody } from '../support/server/stays.js';

// A certified document waiting more than a day shows in "Needs action": here a phone stay's
// payment to the owner, not invoiced by hand, settled two days ago (its day moved in the database,
// as the server runs on the real clock); its item opens "To invoice"
// (docs/decisions/0059-refund-make-up-and-credit-notes.md).

test.setTimeout(120_000);

let dir = '';
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'estadia-documents-waiting-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a payment not invoiced after a day waits in Needs action, and its item opens To invoice', async ({
  page,
  startServer,
}) => {
  const databaseUrl = `file:${join(dir, 'db.sqlite')}`;
  const server = await startServer({ env: { CONTENT_DIR: bookingContentDir(), DATABASE_URL: databaseUrl } });
  const owner = await AdminApi.login(server.url);
  const today = houseToday(Date.now());
  const code = await owner.addStay(
    stayBody({
      channel: 'phone',
      checkIn: addDays(today, 20),
      checkOut: addDays(today, 23),
      platformReference: '',
      touristTaxCollectedBy: 'owner',
      name: 'Pia Phone',
    }),
  );

  const home = new NeedsActionPage(page);
  await home.logIn(server.url);
  await expect(home.count('documents')).toHaveText('0 documents');

  const db = await openDatabase(databaseUrl);
  await db
    .updateTable('payments')
    .set({ settledAt: new Date(Date.now() - 2 * 86_400_000).toISOString() })
    .where('status', '=', 'succeeded')
    .execute();
  await db.destroy();

  await page.reload();
  await expect(home.count('documents')).toHaveText('1 document');
  const item = home.item('documents', code);
  await expect(item).toContainText('Pia Phone');
  await expect(item).toContainText(/Invoice-receipt of €[\d,.]+ · to issue by hand \(To invoice\), since/);
  await home.open('documents', code);
  await expect(page).toHaveURL(/\/admin\/to-invoice$/);
  await expect(page.getByTestId('to-invoice-item').filter({ hasText: code })).toBeVisible();
});
