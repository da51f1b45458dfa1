import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type FetchedScript, fetchedScripts } from './fetched-scripts.js';

// Checks a production build's page weight against its budgets
// (docs/decisions/0005-prerender-and-lazy-chunks.md, 0015-real-photos-and-first-view.md).
// Sizes only: timings belong to `npm run lighthouse`. Each language's landing page is checked:
// `/` (index.html) and the others (pt/index.html…).

const KB = 1024;
const gz = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** A budget fails the check. */
export interface Budget {
  name: string;
  actual: number;
  budget: number;
}

export interface BudgetResult {
  pages: string[];
  checked: number;
  failed: number;
  /** Every budget of every page, with its size. */
  all: Budget[];
}

function checkPage(
  clientDir: string,
  path: string,
  fetched: readonly FetchedScript[],
): { scripts: string[]; budgets: Budget[] } {
  const read = (url: string) => readFileSync(join(clientDir, url));
  const html = readFileSync(join(clientDir, path, 'index.html'), 'utf8');
  const attr = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!);

  // The JavaScript the first view needs, as a phone left on the page fetched it: the entry, React
  // and the islands above the fold, and nothing that loads only later (scripts/fetched-scripts.ts).
  const scripts = fetched.map((script) => script.url);
  // The stylesheet is inlined into the landing page by the prerender; a linked one counts too.
  const inlineCss = attr(/<style>([\s\S]*?)<\/style>/g).join('\n');
  const linkedCss = attr(/<link rel="stylesheet"[^>]*href="([^"]+)"/g).map((url) => read(url).toString('utf8'));
  const css = [inlineCss, ...linkedCss].join('\n');
  const jsBytes = fetched.reduce((sum, script) => sum + script.bodyBytes, 0);
  const cssBytes = gz(css);

  // The fonts the stylesheet declares (Latin subset, the weights the page uses).
  const fonts = [...new Set([...css.matchAll(/url\((\/assets\/[^)]+\.woff2)\)/g)].map((m) => m[1]!))];
  const fontBytes = fonts.reduce((sum, url) => sum + statSync(join(clientDir, url)).size, 0);

  // The hero as a 412 px phone at Lighthouse's 1.75 device pixel ratio picks it: the smallest AVIF
  // of at least 721 px in the preload's srcset.
  const heroSet = html.match(/<link rel="preload" as="image" type="image\/avif"[^>]*imagesrcset="([^"]+)"/)?.[1] ?? '';
  const heroCandidates = heroSet
    .split(', ')
    .map((entry) => entry.split(' '))
    .map(([url, width]) => ({ url: url!, width: Number.parseInt(width ?? '0', 10) }))
    .sort((a, b) => a.width - b.width);
  const hero = heroCandidates.find((c) => c.width >= 412 * 1.75) ?? heroCandidates.at(-1);
  const heroBytes = hero ? statSync(join(clientDir, hero.url)).size : Number.POSITIVE_INFINITY;
  const largestHero = heroCandidates.length
    ? Math.max(...heroCandidates.map((c) => statSync(join(clientDir, c.url)).size))
    : 0;

  const htmlBytes = gz(html.replace(/<style>[\s\S]*?<\/style>/g, ''));
  const firstView = htmlBytes + jsBytes + cssBytes + fontBytes + heroBytes;

  const budgets: Budget[] = [
    // React's client is about 64 KB of the 80 (docs/decisions/0045-first-view-javascript-as-fetched.md).
    {
      name: `JavaScript a phone fetches for ${path} (gzip, ${scripts.length} files)`,
      actual: jsBytes,
      budget: 80 * KB,
    },
    { name: 'CSS (gzip)', actual: cssBytes, budget: 25 * KB },
    { name: `Fonts (${fonts.length} files)`, actual: fontBytes, budget: 60 * KB },
    { name: 'Everything a 412 px phone loads before scrolling', actual: firstView, budget: 350 * KB },
    { name: `Hero image (${hero?.url.split('/').pop() ?? 'missing'})`, actual: heroBytes, budget: 120 * KB },
  ];
  console.log(
    `  ${path}: HTML ${kb(htmlBytes)} + JS ${kb(jsBytes)} + CSS ${kb(cssBytes)} + ${fonts.length} fonts ${kb(fontBytes)} + hero ${kb(heroBytes)} (largest hero variant ${kb(largestHero)})`,
  );
  return { scripts, budgets };
}

/** The landing page of each language of the build at `clientDir`: `/`, `/pt/`… */
export function landingPages(clientDir: string): string[] {
  return [
    '/',
    ...readdirSync(clientDir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(clientDir, d.name, 'index.html')))
      .map((d) => `/${d.name}/`),
  ];
}

/**
 * Prints every budget of every landing page of the build at `clientDir`, served at `origin`, and
 * counts the ones over. The scripts are counted as a phone fetches them from that server.
 */
export async function checkBudgets(clientDir: string, label: string, origin: string): Promise<BudgetResult> {
  const pages = landingPages(clientDir);
  const fetched = await fetchedScripts(origin, pages);
  console.log(`Budgets of the ${label} build in ${clientDir} (sizes, gzip level 9 for text)`);
  const results = pages.map((page) => checkPage(clientDir, page, fetched.get(page) ?? []));
  for (const budget of results.flatMap((r) => r.budgets)) {
    console.log(
      `  ${budget.actual <= budget.budget ? 'ok  ' : 'OVER'}  ${budget.name.padEnd(52)} ${kb(budget.actual).padStart(10)}  of ${kb(budget.budget)}`,
    );
  }
  const scripts = results.flatMap((r) => r.scripts);
  const lazy = readdirSync(join(clientDir, 'assets')).filter(
    (f) => f.endsWith('.js') && !scripts.some((s) => s.endsWith(f)),
  );
  console.log(`  ${lazy.length} chunks load on demand: ${lazy.map((f) => f.replace(/-[\w-]{8}\.js$/, '')).join(', ')}`);
  const all = results.flatMap((r) => r.budgets);
  return { pages, checked: all.length, failed: all.filter((b) => b.actual > b.budget).length, all };
}
