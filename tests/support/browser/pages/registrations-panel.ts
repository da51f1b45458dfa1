import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import type { Movement } from '../../../../src/shared/guest-registrations.js';

/** /admin's Guest registrations: one line per booking with a foreign guest, and its SIBA bulletins. */
export class RegistrationsPanel {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: 'Guest registrations' });
  }

  booking(code: string): Locator {
    return this.root.getByTestId('registration').filter({ hasText: code });
  }

  bulletin(code: string, movement: Movement): Locator {
    return this.booking(code).getByTestId(`bulletin-${movement}`);
  }

  state(code: string, movement: Movement): Locator {
    return this.bulletin(code, movement).getByTestId('bulletin-state');
  }

  /** "Download for SIBA": the file the browser saves, read back. */
  async download(code: string, movement: Movement): Promise<string> {
    const [file] = await Promise.all([
      this.page.waitForEvent('download'),
      this.bulletin(code, movement)
        .getByRole('button', { name: `Download for SIBA (${movement})` })
        .click(),
    ]);
    return readFile(await file.path(), 'utf8');
  }

  markSent(code: string, movement: Movement): Promise<void> {
    return this.bulletin(code, movement)
      .getByRole('button', { name: `Mark ${movement} as sent` })
      .click();
  }

  /** "Send to SIBA", shown only when the server has SIBA's credentials. */
  sendButton(code: string, movement: Movement): Locator {
    return this.bulletin(code, movement).getByRole('button', { name: `Send ${movement} to SIBA` });
  }

  send(code: string, movement: Movement): Promise<void> {
    return this.sendButton(code, movement).click();
  }

  /** Opens "Type or correct guests' data" on a booking and gives guest `n`'s form. */
  async correctGuest(code: string, n: number): Promise<Locator> {
    const item = this.booking(code);
    await item.getByText("Type or correct guests' data").click();
    return item.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name: `Guest ${n}` }) });
  }
}
