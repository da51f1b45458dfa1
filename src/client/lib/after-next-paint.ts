/**
 * Runs `callback` in a task of its own once the browser has painted the next frame: the frame's
 * animation callback comes just before its paint, and a message posted from there is handled
 * just after it. A MessageChannel rather than setTimeout, so a test's stopped clock, which holds
 * timers, does not hold this task (docs/decisions/0017-hydrate-after-first-paint.md).
 */
export function afterNextPaint(callback: () => void): void {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      callback();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Runs `callback` once the browser has reported the page's first contentful paint: its text or
 * an image drawn, not only its backgrounds. The page fades in, and the browser counts content
 * under a running opacity animation as painted only from a later frame, so the first frame is
 * too early a signal (docs/decisions/0028-hydrate-after-first-contentful-paint.md). Where paint
 * timing is not reported, after the next frame.
 */
export function afterFirstContentfulPaint(callback: () => void): void {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    afterNextPaint(callback);
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    callback();
  });
  // Buffered: a paint reported before this line is delivered too.
  observer.observe({ type: 'paint', buffered: true });
}
