import { useQuery } from '@tanstack/react-query';
import type {
  BaseVersion,
  ContentDocument as WireDocument,
  ContentState,
  ContentVersion,
  Draft,
} from '../../../shared/content-editor';
import { useAdminApi } from '../../lib/use-admin-api';

/** The content document: the shape of the content file, every language in it. */
export type ContentDocument = WireDocument & { locales: string[] };
export type { BaseVersion, ContentState };

export const CONTENT_KEY = ['admin', 'content'] as const;
export const VERSIONS_KEY = ['admin', 'content', 'versions'] as const;

/** The published version and the draft, as the server has them now. */
export function useContentState() {
  const adminApi = useAdminApi();
  return useQuery({ queryKey: CONTENT_KEY, queryFn: () => adminApi<ContentState>('/api/admin/content') });
}

/** The newest versions (the first page of the list: the History shows what is worth restoring). */
export function useVersions() {
  const adminApi = useAdminApi();
  return useQuery({
    queryKey: VERSIONS_KEY,
    queryFn: () => adminApi<{ items: ContentVersion[] }>('/api/admin/content/versions'),
    select: (page) => page.items,
  });
}

/**
 * The editor's requests. Each carries the `baseVersion` its copy was read from: a save, publish or
 * restore made from an older state is refused (409 draft_conflict) rather than overwriting another
 * tab's work (docs/decisions/0022-content-in-the-database.md).
 */
export function useContentActions() {
  const adminApi = useAdminApi();
  return {
    saveDraft: (baseVersion: BaseVersion, content: ContentDocument) =>
      adminApi<Draft>('/api/admin/content/draft', { method: 'PUT', body: { baseVersion, content } }),
    publish: (baseVersion: BaseVersion) =>
      adminApi<{ version: number }>('/api/admin/content/publish', { method: 'POST', body: { baseVersion } }),
    version: (version: number) =>
      adminApi<ContentVersion & { content: ContentDocument }>(`/api/admin/content/versions/${version}`),
    restore: (version: number, baseVersion: BaseVersion) =>
      adminApi<Draft>(`/api/admin/content/versions/${version}/restore`, { method: 'POST', body: { baseVersion } }),
  };
}
