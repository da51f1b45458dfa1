import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

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

/**
 * The islands hydrated right after the first paint (the `eager` ones in src/client/app/islands.ts)
 * and React's root, as the build's manifest names their sources: their chunks count as first-view
 * JavaScript though they load after the paint (docs/decisions/0021-react-islands.md).
 */
const AFTER_FIRST_PAINT = ['app/island-root.tsx', 'features/header/site-header.tsx', 'features/hero/hero-headline.tsx'];

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The files of `sources` and of every chunk they import statically, from Vite's manifest. */
function chunksOf(clientDir: string, sources: readonly string[]): string[] {
  // Moved next to the served folder by scripts/prerender.ts.
  const manifest = JSON.parse(readFileSync(join(clientDir, '..', 'client-manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  // A module other chunks import too is a shared chunk, named after it (`_toast-….js`, name `toast`).
  const byName = (source: string) =>
    Object.values(manifest).find(
      (c) => (c as ManifestChunk & { name?: string }).name === source.replace(/^.*\/|\.tsx?$/g, ''),
    );
  const visit = (key: string) => {
    const chunk = manifest[key] ?? byName(key);
    if (!chunk) throw new Error(`The build's manifest has no ${key}: update AFTER_FIRST_PAINT in scripts/budgets.ts`);
    if (files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    chunk.imports?.forEach(visit);
  };
  sources.forEach(visit);
  return [...files];
}

function checkPage(clientDir: string, path: string): { scripts: string[]; budgets: Budget[] } {
  const read = (url: string) => readFileSync(join(clientDir, url));
  const html = readFileSync(join(clientDir, path, 'index.html'), 'utf8');
  const attr = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!);

  // The JavaScript the first view needs: the entry module, what it preloads, and the islands
  // hydrated right after the first paint with React. Lazy chunks (the islands below the fold,
  // forms, date pickers, reviews, lightbox, admin) are not here: they load later.
  const loaded = [
    ...attr(/<script type="module"[^>]*src="([^"]+)"/g),
    ...attr(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
  ];
  const scripts = [...new Set([...loaded, ...chunksOf(clientDir, AFTER_FIRST_PAINT)])];
  // The stylesheet is inlined into the landing page by the prerender; a linked one counts too.
  const inlineCss = attr(/<style>([\s\S]*?)<\/style>/g).join('\n');
  const linkedCss = attr(/<link rel="stylesheet"[^>]*href="([^"]+)"/g).map((url) => read(url).toString('utf8'));
  const css = [inlineCss, ...linkedCss].join('\n');
  const jsBytes = scripts.reduce((sum, url) => sum + gz(read(url)), 0);
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
    // React's client is about 58 KB of the 80 (docs/decisions/0021-react-islands.md).
    { name: `JavaScript for the first view of ${path} (gzip)`, actual: jsBytes, budget: 80 * KB },
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

/** Prints every budget of every landing page of the build at `clientDir`, and counts the ones over. */
export function checkBudgets(clientDir: string, label: string): BudgetResult {
  const pages = [
    '/',
    ...readdirSync(clientDir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(clientDir, d.name, 'index.html')))
      .map((d) => `/${d.name}/`),
  ];
  console.log(`Budgets of the ${label} build in ${clientDir} (sizes, gzip level 9 for text)`);
  const results = pages.map((page) => checkPage(clientDir, page));
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
