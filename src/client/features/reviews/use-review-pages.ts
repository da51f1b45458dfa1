import { useCallback, useEffect, useRef, useState } from 'react';
import { REVIEWS_PAGE_SIZE } from '../../../shared/constants';
import type { PublicReview, ReviewPage } from '../../../shared/reviews';
import { api } from '../../lib/api';

type Status = 'loading' | 'ready' | 'error';

function fetchPage(cursor: string | null): Promise<ReviewPage> {
  const query = new URLSearchParams({ limit: String(REVIEWS_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return api<ReviewPage>(`/api/reviews?${query}`);
}

/** Approved reviews, a page of 6 at a time, following the server's keyset cursor. */
export function useReviewPages(onError: () => void) {
  const [items, setItems] = useState<PublicReview[]>([]);
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  const cursor = useRef<string | null>(null);
  const busy = useRef(false);

  useEffect(() => {
    let current = true;
    busy.current = true;
    fetchPage(null)
      .then(
        (page) => {
          if (!current) return;
          cursor.current = page.nextCursor;
          setItems(page.items);
          setStatus('ready');
        },
        () => {
          if (!current) return;
          setStatus('error');
          onError();
        },
      )
      .finally(() => {
        busy.current = false;
      });
    return () => {
      current = false;
    };
  }, [attempt, onError]);

  const loadMore = useCallback(() => {
    if (busy.current || cursor.current === null) return;
    busy.current = true;
    fetchPage(cursor.current)
      .then((page) => {
        cursor.current = page.nextCursor;
        setItems((old) => {
          const seen = new Set(old.map((r) => r.id));
          return [...old, ...page.items.filter((r) => !seen.has(r.id))];
        });
      }, onError)
      .finally(() => {
        busy.current = false;
      });
  }, [onError]);

  const retry = useCallback(() => {
    setStatus('loading');
    setAttempt((n) => n + 1);
  }, []);

  return { items, status, loadMore, retry };
}
