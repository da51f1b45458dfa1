// The owner's publish, through the admin API over HTTP, as the bench's server sees it: the landing
// page is then rendered from the database's new version and served from memory
// (docs/decisions/0023-page-carries-its-content.md).

import { adminHeaders } from './admin-session.js';

interface ContentState {
  published: { version: number; content: { hero: { headline: Record<string, string> } } };
  draft: { baseVersion: string } | null;
}

/** Publishes the current content with `headline` as the English headline; resolves once `/` shows it. */
export async function publishHeadline(baseUrl: string, password: string, headline: string): Promise<void> {
  const headers = { ...(await adminHeaders(baseUrl, password)), 'content-type': 'application/json' };
  const send = async (method: string, path: string, expected: number, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status !== expected) throw new Error(`${method} ${path} answered ${response.status}`);
    return response;
  };
  const state = (await (await send('GET', '/api/admin/content', 200)).json()) as ContentState;
  const content = state.published.content;
  content.hero.headline.en = headline;
  const baseVersion = state.draft?.baseVersion ?? state.published.version;
  const saved = (await (await send('PUT', '/api/admin/content/draft', 200, { baseVersion, content })).json()) as {
    baseVersion: string;
  };
  await send('POST', '/api/admin/content/publish', 200, { baseVersion: saved.baseVersion });
  const page = await (await fetch(`${baseUrl}/`)).text();
  if (!page.includes(headline)) throw new Error('the published headline is not on /');
}
