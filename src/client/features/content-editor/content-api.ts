import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAdminApi } from '../../lib/use-admin-api';

/** The content document: the shape of the content file, every language in it. */
export type ContentDocument = Record<string, unknown> & { locales: string[] };

export interface ContentState {
  published: { version: number; content: ContentDocument };
  draft: { baseVersion: number; content: ContentDocument; updatedAt: string } | null;
}

export interface VersionSummary {
  version: number;
  publishedAt: string;
  publishedBy?: string;
}

export const CONTENT_KEY = ['admin', 'content'] as const;
export const VERSIONS_KEY = ['admin', 'content', 'versions'] as const;

/** The published version and the draft, as the server has them now. */
export function useContentState() {
  const adminApi = useAdminApi();
  return useQuery({ queryKey: CONTENT_KEY, queryFn: () => adminApi<ContentState>('/api/admin/content') });
}

export function useVersions() {
  const adminApi = useAdminApi();
  return useQuery({
    queryKey: VERSIONS_KEY,
    queryFn: () => adminApi<{ items: VersionSummary[] } | VersionSummary[]>('/api/admin/content/versions'),
    select: (data) => (Array.isArray(data) ? data : data.items),
  });
}

/**
 * The editor's requests. Each carries the draft's `baseVersion`: a save or a publish made from an
 * older state is refused (409 draft_conflict) rather than overwriting another tab's work.
 */
export function useContentActions() {
  const adminApi = useAdminApi();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: CONTENT_KEY });
  return {
    refresh,
    saveDraft: (baseVersion: number, content: ContentDocument) =>
      adminApi<ContentState['draft']>('/api/admin/content/draft', { method: 'PUT', body: { baseVersion, content } }),
    publish: (baseVersion: number) =>
      adminApi<{ version: number }>('/api/admin/content/publish', { method: 'POST', body: { baseVersion } }),
    version: (version: number) =>
      adminApi<{ version: number; content: ContentDocument }>(`/api/admin/content/versions/${version}`),
    restore: (version: number) =>
      adminApi<ContentState['draft']>(`/api/admin/content/versions/${version}/restore`, { method: 'POST' }),
  };
}
