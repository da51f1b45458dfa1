import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { PRIVACY_PLACEHOLDERS } from '../../../src/shared/privacy.js';
import { SITE_URL_PLACEHOLDER } from '../../../src/shared/site-url.js';

/** A file of the fake build: its path under the build folder (with a leading slash) and bytes. */
export interface BuiltFile {
  path: string;
  content: Buffer;
}

// Over 1 KB, like the real pages and bundles, so the build step would have compressed them.
const filler = (label: string) => `/* ${label} */ ${'x'.repeat(1200)}`;

/**
 * Writes a small client build laid out like `npm run build` leaves dist/client: the page templates
 * (index.html and the Portuguese pt/index.html with their .br/.gz, as scripts/compress.ts writes
 * them, the privacy pages privacy.html and pt/privacy.html, login.html and app.html), a favicon, hashed
 * assets with their .br/.gz, and an image. Returns every file written.
 */
export function writeClientBuild(clientDir: string): BuiltFile[] {
  const landing = `<!doctype html><html><head><link rel="canonical" href="${SITE_URL_PLACEHOLDER}/"><script type="application/ld+json">{"url":"${SITE_URL_PLACEHOLDER}"}</script></head><body><h1>Landing</h1><!-- ${filler('landing')} --></body></html>`;
  const portuguese = `<!doctype html><html lang="pt-PT"><head><link rel="canonical" href="${SITE_URL_PLACEHOLDER}/pt/"></head><body><h1>Página inicial</h1><!-- ${filler('portuguese')} --></body></html>`;
  const privacy = (lang: string, path: string) =>
    `<!doctype html><html lang="${lang}"><head><link rel="canonical" href="${SITE_URL_PLACEHOLDER}${path}"></head><body><p>${PRIVACY_PLACEHOLDERS.inquiryRetention} / ${PRIVACY_PLACEHOLDERS.submissionWindow}</p><!-- ${filler('privacy')} --></body></html>`;
  const shell = `<!doctype html><html><head><link rel="canonical" href="${SITE_URL_PLACEHOLDER}/"></head><body><div id="root"></div></body></html>`;
  const login = `<!doctype html><html lang="en"><head></head><body><div id="root"><h1>Administrative Access</h1></div></body></html>`;
  const script = `console.log("estadia app bundle");${filler('bundle')}`;
  const style = `body{margin:0}${filler('style')}`;
  const files: BuiltFile[] = [
    { path: '/index.html', content: Buffer.from(landing) },
    { path: '/index.html.br', content: brotliCompressSync(landing) },
    { path: '/index.html.gz', content: gzipSync(landing) },
    { path: '/pt/index.html', content: Buffer.from(portuguese) },
    { path: '/pt/index.html.br', content: brotliCompressSync(portuguese) },
    { path: '/pt/index.html.gz', content: gzipSync(portuguese) },
    { path: '/privacy.html', content: Buffer.from(privacy('en', '/privacy')) },
    { path: '/privacy.html.br', content: brotliCompressSync(privacy('en', '/privacy')) },
    { path: '/pt/privacy.html', content: Buffer.from(privacy('pt-PT', '/pt/privacy')) },
    { path: '/login.html', content: Buffer.from(login) },
    { path: '/app.html', content: Buffer.from(shell) },
    { path: '/favicon.svg', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>') },
    { path: '/assets/index-Ab12Cd34.js', content: Buffer.from(script) },
    { path: '/assets/index-Ab12Cd34.js.br', content: brotliCompressSync(script) },
    { path: '/assets/index-Ab12Cd34.js.gz', content: gzipSync(script) },
    { path: '/assets/index-Ef56Gh78.css', content: Buffer.from(style) },
    {
      path: '/assets/img/lake-400-Ij90Kl12.webp',
      content: Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 fake image bytes'),
    },
  ];
  for (const file of files) {
    const target = join(clientDir, file.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.content);
  }
  return files;
}
