import { expect, test } from '../support/browser/test-fixtures.js';
import { afterGlideHome, property, VIEWPORTS } from '../support/browser/landing-helpers.js';
import { LandingPage } from '../support/browser/pages/landing-page.js';

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`landing page, ${name}`, () => {
    test.use({ viewport });

    test('sets the title, has one h1 with the whole headline, and types it at 28 ms a character', async ({ page }) => {
      const landing = new LandingPage(page);
      // The page's clock stands still from the start; the test moves it.
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1000);
      await landing.goto();
      await expect(page).toHaveTitle(`${property.name} - Lake House in Castelo de Bode`);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('h1')).toContainText(property.hero.headline);
      const typed = landing.typedText;
      const before = (await typed.textContent())!.trim().length;
      expect(before).toBeLessThan(3);
      await landing.hydrateUnderStoppedClock();
      await page.clock.runFor(28 * 10);
      await expect.poll(async () => (await typed.textContent())!.trim().length).toBeGreaterThanOrEqual(before + 9);
      expect((await typed.textContent())!.trim().length).toBeLessThanOrEqual(before + 11);
      await expect(landing.caret).toBeVisible();
      await page.clock.runFor(28 * property.hero.headline.length);
      await expect(typed).toHaveText(property.hero.headline);
      await expect(landing.caret).toBeHidden();
      await expect(landing.typedHeadline).toHaveText(property.hero.headline);
    });

    test('the headline never blanks or changes height from the first paint through hydration and typing', async ({
      page,
    }) => {
      const landing = new LandingPage(page);
      // Recorded from the moment the parser adds the headline, before any of the page's scripts run.
      await page.addInitScript(() => {
        const samples: Array<{ visible: number; text: number; height: number; fonts: boolean }> = [];
        (window as unknown as { headlineSamples: typeof samples }).headlineSamples = samples;
        const visibleChars = (root: Element) => {
          let count = 0;
          const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const style = getComputedStyle(node.parentElement!);
            const transparent = /rgba\(.*, 0\)$/.test(style.color) || style.color === 'transparent';
            if (!transparent && style.visibility !== 'hidden') count += node.textContent!.trim().length;
          }
          return count;
        };
        const sample = () => {
          const shown = document.querySelector('#hero-heading [aria-hidden]');
          const h1 = document.getElementById('hero-heading');
          if (!shown || !h1) return;
          samples.push({
            visible: visibleChars(shown),
            text: shown.textContent!.trim().length,
            height: h1.getBoundingClientRect().height,
            fonts: document.fonts.status === 'loaded',
          });
        };
        new MutationObserver(sample).observe(document, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        });
      });
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1000);
      await landing.goto();
      await landing.hydrateUnderStoppedClock();
      await page.clock.runFor(28 * (property.hero.headline.length + 5));
      await expect(landing.typedText).toHaveText(property.hero.headline);
      type Sample = { visible: number; text: number; height: number; fonts: boolean };
      const samples = await page.evaluate(() => (window as unknown as { headlineSamples: Sample[] }).headlineSamples);
      // From the moment the parser has added the headline's text, it never goes away.
      const first = samples.findIndex((s) => s.text > 0);
      expect(first).toBeGreaterThanOrEqual(0);
      const after = samples.slice(first);
      expect(after.length).toBeGreaterThan(10);
      for (const s of after) expect(s.text).toBeGreaterThan(0);
      // The whole text is always laid out, so once the fonts are in, the box keeps one height.
      expect(new Set(after.filter((s) => s.fonts).map((s) => Math.round(s.height))).size).toBe(1);
      // The whole headline is painted from the parser's first sample on, before any script has run,
      // and the typing only adds its layer over it: what is painted never shrinks.
      const whole = property.hero.headline.trim().length;
      for (const s of after) expect(s.visible).toBeGreaterThanOrEqual(whole);
      for (let i = 1; i < after.length; i++) expect(after[i]!.visible).toBeGreaterThanOrEqual(after[i - 1]!.visible);
      expect(after.at(-1)!.visible).toBeGreaterThan(whole);
    });

    test('shows the whole headline at once to visitors who prefer reduced motion', async ({ page }) => {
      const landing = new LandingPage(page);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.clock.install();
      await landing.goto();
      await expect(page.locator('h1 [aria-hidden]').first()).toHaveText(property.hero.headline);
      await expect(landing.typedHeadline).toHaveCount(0);
      await expect(landing.caret).toHaveCount(0);
    });

    test("keeps the headline's space while it types, so nothing below it moves", async ({ page }) => {
      const landing = new LandingPage(page);
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1000);
      await landing.goto();
      await landing.hydrateUnderStoppedClock();
      const button = page.getByRole('link', { name: 'CHECK AVAILABILITY' });
      const before = await button.boundingBox();
      await page.clock.runFor(28 * 5);
      const during = await button.boundingBox();
      await page.clock.runFor(28 * property.hero.headline.length);
      const after = await button.boundingBox();
      expect(during!.y).toBe(before!.y);
      expect(after!.y).toBe(before!.y);
    });

    test('opens at the top, and fades in over 1 s with CSS alone, all but the headline', async ({ page }) => {
      const landing = new LandingPage(page);
      await landing.goto();
      await page.evaluate(() => window.scrollTo(0, 1500));
      await page.reload();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      // The header, the hero's photo, words, link and arrow, the other sections and the footer
      // (the demo takes inquiries: no booking bar).
      const faded = page.locator('.animate-page-fade-in');
      await expect(faded).toHaveCount(7);
      for (const part of await faded.all()) {
        await expect(part).toHaveCSS('animation-name', 'page-fade-in');
        await expect(part).toHaveCSS('animation-duration', '1s');
      }
      await expect(page.locator('header').first()).toHaveClass(/animate-page-fade-in/);
      await expect(page.locator('footer').locator('xpath=..')).toHaveClass(/animate-page-fade-in/);
      await expect(page.locator('#about').locator('xpath=..')).toHaveClass(/animate-page-fade-in/);
      // The headline is drawn at once, at its final opacity: neither it nor any box around it fades.
      const fadedAround = await page.locator('#hero-heading').evaluate((heading) => {
        const names: string[] = [];
        for (let box: Element | null = heading; box; box = box.parentElement) {
          const style = getComputedStyle(box);
          if (style.animationName !== 'none' || style.opacity !== '1') names.push(box.tagName);
        }
        return names;
      });
      expect(fadedAround).toEqual([]);
    });

    test('photos have their size set, the hero loads first and the rest lazily', async ({ page }) => {
      const landing = new LandingPage(page);
      await landing.goto();
      const hero = page.locator('#home picture img');
      await expect(hero).toHaveAttribute('fetchpriority', 'high');
      await expect(hero).toHaveAttribute('loading', 'eager');
      const gallery = page.locator('#gallery picture img');
      expect(await gallery.count()).toBe(property.gallery.length);
      await gallery.first().scrollIntoViewIfNeeded();
      await expect(gallery.first()).toHaveAttribute('srcset', /\/assets\/img\//);
      for (const loading of await gallery.evaluateAll((els) => els.map((el) => el.getAttribute('loading'))))
        expect(loading).toBe('lazy');
      const sizes = await page
        .locator('picture img')
        .evaluateAll((els) => els.map((el) => [el.getAttribute('width'), el.getAttribute('height')]));
      for (const [width, height] of sizes) {
        expect(Number(width)).toBeGreaterThan(0);
        expect(Number(height)).toBeGreaterThan(0);
      }
      const sources = await page
        .locator('#home picture source')
        .evaluateAll((els) => els.map((el) => el.getAttribute('type')));
      expect(sources).toEqual(['image/avif', 'image/webp']);
      await expect(page.locator('#home picture source').first()).toHaveAttribute(
        'srcset',
        /\/assets\/img\/.+ 400w, .+ 800w/,
      );
    });

    test('the header is transparent at the top and solid past 50 px', async ({ page }) => {
      const landing = new LandingPage(page);
      await landing.gotoWithHeader();
      // The page's own glide to its top would undo a scroll made before it.
      await afterGlideHome(page);
      const { header } = landing;
      await expect(header).toHaveAttribute('data-solid', 'false');
      await expect(header).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
      await page.evaluate(() => window.scrollTo(0, 50));
      await expect(header).toHaveAttribute('data-solid', 'false');
      await page.evaluate(() => window.scrollTo(0, 51));
      await expect(header).toHaveAttribute('data-solid', 'true');
      await expect(header).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    });

    test('CHECK AVAILABILITY leads to the contact section', async ({ page }) => {
      const landing = new LandingPage(page);
      await landing.goto();
      await page.getByRole('link', { name: 'CHECK AVAILABILITY' }).click();
      await expect(page).toHaveURL(/#contact$/);
      expect(Math.abs(await landing.settledTop('contact'))).toBeLessThanOrEqual(70);
      await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeInViewport();
    });

    test('lists the eleven amenities', async ({ page }) => {
      const landing = new LandingPage(page);
      await landing.goto();
      const titles = await page.getByTestId('amenity').locator('h3').allTextContents();
      expect(titles).toEqual([
        'Private Lake Access',
        'Nature & Peace',
        'Free Parking',
        'Smart TV',
        'Free WiFi',
        'Full Kitchen',
        'Hot Water',
        'Coffee Maker',
        'Up to 7 Guests',
        '3 Bedrooms',
        'SUP Canoe & Swimming',
      ]);
    });

    test('sections below the fold reveal when scrolled into view, and stay put under reduced motion', async ({
      page,
    }) => {
      const landing = new LandingPage(page);
      await landing.goto();
      // Contact and Reviews too, like every other section.
      for (const id of ['amenities', 'contact', 'reviews']) {
        const box = page.locator(`#${id} > [data-reveal]`);
        await expect(box).toHaveAttribute('data-reveal', 'waiting');
        await expect(box).toHaveCSS('opacity', '0');
        await landing.scrollTo(id);
        await expect(box).toHaveAttribute('data-reveal', 'shown');
        await expect(box).toHaveCSS('opacity', '1');
      }

      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.reload();
      for (const id of ['amenities', 'contact', 'reviews']) {
        await expect(page.locator(`#${id} > [data-reveal]`)).toHaveAttribute('data-reveal', 'static');
        await expect(page.locator(`#${id} > [data-reveal]`)).toHaveCSS('opacity', '1');
      }
    });

    test('the footer shows the current year', async ({ page }) => {
      const landing = new LandingPage(page);
      await page.clock.setFixedTime(new Date('2031-07-01T12:00:00Z'));
      await landing.goto();
      await expect(page.getByTestId('footer-year')).toHaveText('2031');
    });

    test('makes no request to another site while loading', async ({ page, server }) => {
      const landing = new LandingPage(page);
      const outside: string[] = [];
      page.on('request', (request) => {
        const url = request.url();
        if (!url.startsWith(server.url) && !url.startsWith('data:')) outside.push(url);
      });
      await landing.goto('', { waitUntil: 'networkidle' });
      await expect(page.locator('iframe')).toHaveCount(0);
      expect(outside).toEqual([]);
      // Fonts come from the site itself.
      const fonts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((n) => n.endsWith('.woff2')),
      );
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) expect(font.startsWith(server.url)).toBe(true);
    });

    test('shows a local placeholder where the map goes, and the map frame, with a title, only after "Show map"', async ({
      page,
    }) => {
      const landing = new LandingPage(page);
      // The frame's address is refused here: the test checks the frame, not Google.
      await page.route('https://www.google.com/**', (route) => route.abort());
      await landing.goto();
      await landing.scrollTo('location');
      await expect(page.getByTestId('map-placeholder')).toContainText(property.contact.address);
      await expect(page.locator('iframe')).toHaveCount(0);
      await page.getByRole('button', { name: 'Show map' }).click();
      const frame = page.locator('#location iframe');
      await expect(frame).toHaveAttribute('title', 'Map of Aldeia do Mato, Portugal');
      await expect(frame).toHaveAttribute(
        'src',
        /^https:\/\/www\.google\.com\/maps\?q=Aldeia%20do%20Mato%2C%20Portugal/,
      );
    });
  });
}

test('a photo below the first screen is fetched only when the visitor nears it', async ({ page }) => {
  const landing = new LandingPage(page);
  await page.setViewportSize({ width: 412, height: 823 });
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/assets/img/')) fetched.push(new URL(request.url()).pathname);
  });
  const stem = (file: string) => file.replace(/\.\w+$/, '');
  await landing.goto();
  const hero = page.locator('#home picture img');
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Hydrated (the headline types only once the page runs), then quiet: a photo near the screen
  // would be on its way.
  await expect(landing.typedText).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
  // The about photo sits more than a screen and the load distance below the top.
  expect(fetched.length).toBeGreaterThan(0);
  expect(fetched.every((path) => path.includes(stem(property.hero.photo)))).toBe(true);
  const about = page.locator('#about picture img');
  await expect(about).not.toHaveAttribute('srcset', /./);
  await about.scrollIntoViewIfNeeded();
  await expect
    .poll(() => about.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc.includes('/assets/img/')))
    .toBe(true);
  expect(fetched.some((path) => path.includes(stem(property.about.photo)))).toBe(true);
});
