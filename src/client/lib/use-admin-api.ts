import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { adminFlag } from './admin-flag';
import { api, ApiError } from './api';
import { useRequestReauth } from './reauth';
import { useToast } from '../ui/toast';
import { errorText } from '../i18n/error-text';
import { pageLocale } from '../i18n/locale';

export class SessionEndedError extends Error {}

/**
 * Runs one admin request: a 401 means the server no longer knows this browser, so back to /login;
 * a 403 `reauth_required` asks the owner to confirm it is them, then sends the request once more.
 */
export function useAdminRequest() {
  const navigate = useNavigate();
  const requestReauth = useRequestReauth();
  return useCallback(
    async <T>(request: () => Promise<T>): Promise<T> => {
      try {
        return await request();
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          adminFlag.clear();
          navigate('/login', { replace: true });
          throw new SessionEndedError('Session ended');
        }
        if (error instanceof ApiError && error.code === 'reauth_required' && requestReauth && (await requestReauth()))
          return request();
        throw error;
      }
    },
    [navigate, requestReauth],
  );
}

/** Admin API requests, through useAdminRequest. */
export function useAdminApi() {
  const adminRequest = useAdminRequest();
  return useCallback(
    <T = void>(...args: Parameters<typeof api>): Promise<T> => adminRequest(() => api<T>(...args)),
    [adminRequest],
  );
}

/** A list's next page, when there is one: the panel shows a "Show more" button for it. */
export interface MoreItems {
  load: () => void;
  loading: boolean;
}

export type AdminListState<T> =
  { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; items: T[]; more?: MoreItems };

/**
 * One admin action: the request, a toast saying how it went (none when the session ended, which
 * already went back to /login), then `after` (a reload) either way. Answers whether it succeeded.
 */
export function useAdminAction(after: () => unknown) {
  const toast = useToast();
  return async (
    request: () => Promise<unknown>,
    success: string | ((result: unknown) => string),
    failure: string | ((error: unknown) => string),
  ) => {
    let done = false;
    try {
      const result = await request();
      toast.success(typeof success === 'string' ? success : success(result));
      done = true;
    } catch (error) {
      if (!(error instanceof SessionEndedError)) toast.error(typeof failure === 'string' ? failure : failure(error));
    }
    await after();
    return done;
  };
}

interface AdminPage<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * One admin list, a page at a time (shared/admin-pages.ts): loaded with TanStack Query, a toast
 * when a page fails (unless the session ended, which already went back to /login), and the state a
 * panel shows, with the next page on request.
 */
export function useAdminList<T, P extends AdminPage<T> = AdminPage<T>>(
  queryKey: readonly unknown[],
  path: string,
  failure: string,
) {
  const adminApi = useAdminApi();
  const toast = useToast();
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: null as string | null,
    getNextPageParam: (last: P) => last.nextCursor,
    queryFn: ({ pageParam }) =>
      adminApi<P>(
        pageParam ? `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(pageParam)}` : path,
      ).catch((error: unknown) => {
        if (!(error instanceof SessionEndedError)) toast.error(failure);
        throw error;
      }),
  });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const more: MoreItems | undefined = hasNextPage
    ? { load: () => void fetchNextPage({ cancelRefetch: false }), loading: isFetchingNextPage }
    : undefined;
  const state: AdminListState<T> = data
    ? { kind: 'ready', items: data.pages.flatMap((page) => page.items), more }
    : query.isError && !query.isFetching
      ? { kind: 'error' }
      : { kind: 'loading' };
  // The first page, for what a list says besides its items.
  return { state, reload: () => void query.refetch(), first: data?.pages[0] };
}

/**
 * The words for a refused request: the server's own in the English admin, as they name the exact
 * problem; in another language the catalog's for its code and field (docs/decisions/0046-admin-language.md).
 */
export const refusalText = (error: ApiError) => (pageLocale === 'en' ? error.message : errorText(error));

/** The words for a refused request (refusalText), else `fallback`. */
export const adminFailure = (fallback: string) => (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 409) ? refusalText(error) : fallback;
