import { copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SHELL_FILE, type SiteRenderer } from '../src/shared/rendered-site.js';

// Renders every page of the content into the built HTML shell with the SSR entry's renderSite,
// the renderer the server uses for published content (docs/decisions/0023-page-carries-its-content.md):
// each language's landing page (`/` into index.html, `/pt/` into pt/index.html; 0011-languages.md),
// its privacy page without script (privacy.html, pt/privacy.html; 0014-privacy-page.md), the
// login page (login.html) and the shell of the other paths, app.html.
const clientDir = process.argv[2] ?? 'dist/client';
const ssrEntry = process.argv[3] ?? 'dist/ssr/entry-server.js';
const contentFile = join(process.env.CONTENT_DIR ?? 'content', 'property.json');

const { renderSite, stylesheetHref, builtImages } = (await import(
  pathToFileURL(resolve(ssrEntry)).href
)) as SiteRenderer;

// The empty shell is kept beside the served folder: the server renders published content into it.
const shellFile = join(clientDir, 'index.html');
const shell = readFileSync(shellFile, 'utf8');
const site = renderSite({
  content: JSON.parse(readFileSync(contentFile, 'utf8')),
  images: builtImages,
  shell: { html: shell, css: readFileSync(join(clientDir, stylesheetHref(shell)), 'utf8') },
});
copyFileSync(shellFile, join(clientDir, '..', SHELL_FILE));
for (const page of [...site.landings, ...site.privacy, site.login, site.app]) {
  const file = join(clientDir, page.file);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, page.html);
  console.log(`prerendered ${page.file} (${Math.round(page.html.length / 1024)} KB)`);
}

// Vite's manifest (which chunk holds which module) is for the maintainers, not for visitors: out of
// the served folder, next to it.
renameSync(join(clientDir, '.vite', 'manifest.json'), join(clientDir, '..', 'client-manifest.json'));
rmSync(join(clientDir, '.vite'), { recursive: true, force: true });
