import { expect, type Locator, type Page } from '@playwright/test';

/** The Photos section of /admin/content: uploads, the gallery's order, its hero, categories and alt texts. */
export class ContentEditorPhotos {
  readonly section: Locator;
  readonly photos: Locator;
  readonly uploads: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByRole('region', { name: 'Photos' });
    this.photos = this.section.getByTestId('gallery-photo');
    this.uploads = this.section.getByRole('list', { name: 'Uploads' });
  }

  /** Chooses files in the picker, as the owner would pick several at once. */
  async add(files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
    await this.section.getByLabel('Add photos').setInputFiles(files);
  }

  /** The card of the photo with this id. */
  photo(id: string): Locator {
    return this.section.locator(`[data-testid="gallery-photo"][data-photo="${id}"]`);
  }

  /** The ids of the gallery's photos, in their order. */
  async order(): Promise<string[]> {
    return this.photos.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-photo') ?? ''));
  }

  /**
   * Moves the photo at 1-based `position` up by `steps` with the keyboard only: Space, arrows,
   * Space, each key once the screen reader's announcement of the last one is there.
   */
  async moveUpByKeyboard(position: number, steps: number): Promise<void> {
    const announced = this.page.locator('[id^="DndLiveRegion"]');
    await this.section.getByRole('button', { name: `Move photo ${position}`, exact: true }).focus();
    await this.page.keyboard.press('Space');
    // Picked up, it is over its own place at first.
    await expect(announced).toHaveText(`Photo ${position} is over position ${position}.`);
    for (let step = 1; step <= steps; step += 1) {
      await this.page.keyboard.press('ArrowUp');
      await expect(announced).toHaveText(`Photo ${position} is over position ${position - step}.`);
    }
    await this.page.keyboard.press('Space');
    await expect(announced).toHaveText(`Photo ${position} dropped at position ${position - steps}.`);
    // The keyboard stays on the photo moved, under its new number.
    await expect(
      this.section.getByRole('button', { name: `Move photo ${position - steps}`, exact: true }),
    ).toBeFocused();
  }
}
