import type { Page } from '@playwright/test';

type RecorderWindow = { __cspViolations?: string[] };

export interface CspRecorder {
  /**
   * A full page load, which must carry the policy; what the current document recorded is
   * collected first, as it dies with it.
   */
  goto: (url: string) => Promise<void>;
  /** Every violation seen so far, both ways: `console …` and `event …` entries. */
  violations: () => Promise<string[]>;
}

/**
 * Records every Content-Security-Policy violation on a page, two ways, so that neither a quiet
 * console nor a missed event can hide one: the browser's console message (any type), and the
 * securitypolicyviolation event, which an init script (run before any of the page's own code, in
 * every document) keeps in a window array.
 */
export async function recordCspViolations(page: Page): Promise<CspRecorder> {
  const found: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) found.push(`console ${message.type()}: ${message.text()}`);
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: seen });
    // Capturing on the document sees those fired at elements as well as at the document itself.
    document.addEventListener(
      'securitypolicyviolation',
      (e) =>
        seen.push(
          `${e.effectiveDirective} refused ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`,
        ),
      true,
    );
  });

  const collect = async () => {
    const events = await page.evaluate(() => (window as unknown as RecorderWindow).__cspViolations?.splice(0) ?? null);
    // A recorder that is not there would report a clean page: that must fail, not pass.
    if (events === null) throw new Error(`the CSP recorder is missing on ${page.url()}`);
    found.push(...events.map((e) => `event ${e}`));
  };

  return {
    goto: async (url) => {
      if (page.url() !== 'about:blank') await collect();
      const response = await page.goto(url);
      // A page served without its policy would show no violation either: that must fail, too.
      if (!response?.headers()['content-security-policy'])
        throw new Error(`${url} came without a Content-Security-Policy header`);
    },
    violations: async () => {
      await collect();
      return [...found];
    },
  };
}
