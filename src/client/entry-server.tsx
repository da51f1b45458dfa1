import { renderToString } from 'react-dom/server';
import { images } from 'virtual:images';
import { property } from 'virtual:content';
import { LandingRoot } from './app/landing-root';
import { buildHead } from './app/seo/head';

/** Build time only (scripts/prerender.ts): the landing page's HTML and the tags for its <head>. */
export function prerender(): { html: string; head: string; title: string } {
  return { html: renderToString(<LandingRoot />), head: buildHead(property, images), title: `${property.name} - ${property.titleSuffix}` };
}
