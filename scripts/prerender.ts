import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// Renders the landing page into the built HTML shell, so its text, layout and hero image arrive
// before any JavaScript runs. Other paths (/login, /admin…) get the empty shell, app.html.
const clientDir = process.argv[2] ?? 'dist/client';
const ssrEntry = process.argv[3] ?? 'dist/ssr/entry-server.js';

interface Prerendered {
  html: string;
  head: string;
  title: string;
}
const { prerender } = (await import(pathToFileURL(resolve(ssrEntry)).href)) as { prerender: () => Prerendered };

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const shellFile = join(clientDir, 'index.html');
const shell = readFileSync(shellFile, 'utf8');
if (!shell.includes('<div id="root"></div>')) throw new Error(`${shellFile} has no empty <div id="root"></div> to fill`);

const page = prerender();
const title = `<title>${escapeText(page.title)}</title>`;
const description = page.head.match(/<meta name="description"[^>]*>/)?.[0] ?? '';
writeFileSync(join(clientDir, 'app.html'), shell.replace(/<title>[^<]*<\/title>/, `${title}\n    ${description}`));

// The stylesheet goes inline on the landing page: one round trip less before the first paint.
// Its font files are preloaded, so the text does not reflow when they arrive.
const stylesheet = shell.match(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/);
if (!stylesheet?.[1]) throw new Error(`${shellFile} links no stylesheet`);
const css = readFileSync(join(clientDir, stylesheet[1]), 'utf8');
const fontPreloads = [...new Set([...css.matchAll(/url\((\/assets\/[^)]+\.woff2)\)/g)].map((m) => m[1]))]
  .map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}" />`)
  .join('\n    ');
const landing = shell
  // Right after the title, so the hero preload is seen before anything else.
  .replace(/<title>[^<]*<\/title>/, `${title}\n    ${page.head}\n    ${fontPreloads}`)
  .replace(stylesheet[0], `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`)
  .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
writeFileSync(join(clientDir, 'index.html'), landing);
console.log(`prerendered / (${Math.round(page.html.length / 1024)} KB of HTML) and wrote the app shell for the other paths`);
