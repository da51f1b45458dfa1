import { notifyManager, QueryClient } from '@tanstack/react-query';

// Loaded with the lazy chunks only (the reviews panel, the admin screens), never with the first
// view: see docs/decisions/0005-prerender-and-lazy-chunks.md.

// Query hands its results to React on a zero-delay timer by default; a microtask does the same
// without waiting for the timer queue, which a busy page (or a test holding the clock) delays.
notifyManager.setScheduler(queueMicrotask);

/** Failed loads are shown at once, with a way to try again: no silent retries, no refetch on focus. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});
