import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// Reads the production build and checks the page's weight against its budgets
// (docs/decisions/0005-prerender-and-lazy-chunks.md).
// Sizes only: timings belong to `npm run lighthouse`. Each language's landing page is checked:
// `/` (index.html) and the others (pt/index.html…).

const clientDir = process.argv[2] ?? 'dist/client';
const KB = 1024;
const gz = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;
const read = (url: string) => readFileSync(join(clientDir, url));

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

function checkPage(path: string): { scripts: string[]; failed: number } {
  const html = readFileSync(join(clientDir, path, 'index.html'), 'utf8');
  const attr = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!);

  // The JavaScript the first view needs: the entry module and what it preloads. Lazy chunks
  // (forms, date pickers, reviews, lightbox, admin) are not here: they load on demand.
  const scripts = [...attr(/<script type="module"[^>]*src="([^"]+)"/g), ...attr(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)];
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
  const largestHero = heroCandidates.length ? Math.max(...heroCandidates.map((c) => statSync(join(clientDir, c.url)).size)) : 0;

  const htmlBytes = gz(html.replace(/<style>[\s\S]*?<\/style>/g, ''));
  const firstView = htmlBytes + jsBytes + cssBytes + fontBytes + heroBytes;

  const budgets = [
    { name: `JavaScript for the first view of ${path} (gzip)`, actual: jsBytes, budget: 100 * KB },
    { name: 'CSS (gzip)', actual: cssBytes, budget: 25 * KB },
    { name: 'Everything a 412 px phone loads before scrolling', actual: firstView, budget: 500 * KB },
    { name: `Hero image (${hero?.url.split('/').pop() ?? 'missing'})`, actual: heroBytes, budget: 120 * KB },
  ];

  console.log(`Budgets for ${path} in ${clientDir} (sizes, gzip level 9 for text)`);
  for (const b of budgets) console.log(`  ${b.actual <= b.budget ? 'ok  ' : 'OVER'}  ${b.name.padEnd(52)} ${kb(b.actual).padStart(10)}  of ${kb(b.budget)}`);
  console.log(`  (first view = HTML ${kb(htmlBytes)} + JS ${kb(jsBytes)} + CSS ${kb(cssBytes)} + ${fonts.length} fonts ${kb(fontBytes)} + hero ${kb(heroBytes)}; largest hero variant ${kb(largestHero)})`);
  return { scripts, failed: budgets.filter((b) => b.actual > b.budget).length };
}

const pages = ['/', ...readdirSync(clientDir, { withFileTypes: true }).filter((d) => d.isDirectory() && existsSync(join(clientDir, d.name, 'index.html'))).map((d) => `/${d.name}/`)];
const results = pages.map(checkPage);
const scripts = results.flatMap((r) => r.scripts);
const lazy = readdirSync(join(clientDir, 'assets')).filter((f) => f.endsWith('.js') && !scripts.some((s) => s.endsWith(f)));
console.log(`  ${lazy.length} chunks load on demand: ${lazy.map((f) => f.replace(/-[\w-]{8}\.js$/, '')).join(', ')}`);

const failed = results.reduce((sum, r) => sum + r.failed, 0);
mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/budgets.json', JSON.stringify({ pages, passed: pages.length * 4 - failed, failed }));
process.exit(failed > 0 ? 1 : 0);
