import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { REVIEWS_PAGE_SIZE } from '../../../shared/constants';
import type { PublicReview, ReviewPage } from '../../../shared/reviews';
import { api } from '../../lib/api';
import { LOAD_MORE_BACKOFF_MAX_MS, LOAD_MORE_BACKOFF_MS } from '../../lib/constants';

function fetchPage(cursor: string | null, signal: AbortSignal): Promise<ReviewPage> {
  const query = new URLSearchParams({ limit: String(REVIEWS_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return api<ReviewPage>(`/api/reviews?${query}`, { signal });
}

/**
 * Approved reviews, a page of 6 at a time, following the server's keyset cursor. A failed "load
 * more" is not asked again on every scroll: the next try waits 2 s, then 4, 8… up to 30 s, and
 * only the first failure in a row is reported.
 */
export function useReviewPages(onError: () => void) {
  const failures = useRef({ count: 0, retryAt: 0 });
  const query = useInfiniteQuery({
    queryKey: ['reviews'],
    initialPageParam: null as string | null,
    getNextPageParam: (last: ReviewPage) => last.nextCursor,
    queryFn: async ({ pageParam, signal }) => {
      try {
        const page = await fetchPage(pageParam, signal);
        failures.current = { count: 0, retryAt: 0 };
        return page;
      } catch (error) {
        const count = pageParam === null ? 0 : failures.current.count + 1;
        failures.current = {
          count,
          retryAt: Date.now() + Math.min(LOAD_MORE_BACKOFF_MS * 2 ** (count - 1), LOAD_MORE_BACKOFF_MAX_MS),
        };
        if (count <= 1) onError();
        throw error;
      }
    },
  });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;

  const items = useMemo(() => {
    const seen = new Set<string>();
    const all: PublicReview[] = [];
    for (const review of data?.pages.flatMap((p) => p.items) ?? []) {
      if (seen.has(review.id)) continue;
      seen.add(review.id);
      all.push(review);
    }
    return all;
  }, [data]);

  const loadMore = useCallback(() => {
    if (!hasNextPage || isFetchingNextPage || Date.now() < failures.current.retryAt) return;
    void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const retry = useCallback(() => void refetch(), [refetch]);
  // A retry after a failed first load shows the skeleton again, as the first load did.
  const status = data ? 'ready' : query.isError && !query.isFetching ? 'error' : 'loading';
  return { items, status, loadMore, retry } as const;
}
