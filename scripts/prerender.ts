import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// Renders the landing page in each language into the built HTML shell, so its text, layout and hero
// image arrive before any JavaScript runs: `/` into index.html, `/pt/` into pt/index.html
// (docs/decisions/0011-languages.md). The privacy page too, into privacy.html and pt/privacy.html,
// without the page's script (docs/decisions/0014-privacy-page.md). Other paths (/login, /admin…)
// get the empty shell, app.html.
const clientDir = process.argv[2] ?? 'dist/client';
const ssrEntry = process.argv[3] ?? 'dist/ssr/entry-server.js';

interface Prerendered {
  locale: string;
  path: string;
  file: string;
  html: string;
  head: string;
  title: string;
  hydrates: boolean;
}
const { prerender } = (await import(pathToFileURL(resolve(ssrEntry)).href)) as { prerender: () => Prerendered[] };

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const shellFile = join(clientDir, 'index.html');
const shell = readFileSync(shellFile, 'utf8');
if (!shell.includes('<div id="root"></div>'))
  throw new Error(`${shellFile} has no empty <div id="root"></div> to fill`);

const pages = prerender();
const [defaultPage] = pages;
if (!defaultPage || defaultPage.path !== '/') throw new Error('The prerender gave no page for /');
const titleOf = (page: Prerendered) => `<title>${escapeText(page.title)}</title>`;
const description = defaultPage.head.match(/<meta name="description"[^>]*>/)?.[0] ?? '';
writeFileSync(
  join(clientDir, 'app.html'),
  shell.replace(/<title>[^<]*<\/title>/, `${titleOf(defaultPage)}\n    ${description}`),
);

// The stylesheet goes inline on the landing page: one round trip less before the first paint.
// Its font files are preloaded, so the text does not reflow when they arrive.
const stylesheet = shell.match(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/);
if (!stylesheet?.[1]) throw new Error(`${shellFile} links no stylesheet`);
const css = readFileSync(join(clientDir, stylesheet[1]), 'utf8');
const fontPreloads = [...new Set([...css.matchAll(/url\((\/assets\/[^)]+\.woff2)\)/g)].map((m) => m[1]))]
  .map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}" />`)
  .join('\n    ');
// A page that needs no script is sent without the app's entry module and what it preloads.
const withoutScripts = (html: string) =>
  html.replace(/\s*<script type="module"[^>]*><\/script>/g, '').replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
for (const page of pages) {
  const filled = shell
    .replace(/<html lang="[^"]*">/, `<html lang="${page.locale}">`)
    // Right after the title, so the hero preload is seen before anything else.
    .replace(/<title>[^<]*<\/title>/, `${titleOf(page)}\n    ${page.head}\n    ${fontPreloads}`)
    .replace(stylesheet[0], `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`)
    .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
  const file = join(clientDir, page.file);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, page.hydrates ? filled : withoutScripts(filled));
  console.log(`prerendered ${page.path} (${page.locale}, ${Math.round(page.html.length / 1024)} KB of HTML)`);
}
console.log('wrote the app shell for the other paths');

// Vite's manifest (which chunk holds which module) is for the size check, not for visitors: out of
// the served folder, next to it.
renameSync(join(clientDir, '.vite', 'manifest.json'), join(clientDir, '..', 'client-manifest.json'));
rmSync(join(clientDir, '.vite'), { recursive: true, force: true });
