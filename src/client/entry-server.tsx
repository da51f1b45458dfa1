import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { images } from 'virtual:images';
import { property } from 'virtual:content';
import { App } from './app';
import { buildHead } from './seo/head';

/** Build time only (scripts/prerender.ts): the landing page's HTML and the tags for its <head>. */
export function prerender(path: string): { html: string; head: string; title: string } {
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={path}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  return { html, head: buildHead(property, images), title: `${property.name} - ${property.titleSuffix}` };
}
