/** Runs `callback` when the browser is idle (soon after the load), or after `timeout` ms at the latest. */
export function whenIdle(callback: () => void, timeout = 3000): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(callback, { timeout });
  else setTimeout(callback, 200);
}
