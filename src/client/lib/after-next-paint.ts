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
 * How long the islands wait at most for the first contentful paint to be reported. Chromium
 * sometimes reports only the first paint, never the contentful one, for a page that fades in
 * (about one load in a hundred on a busy machine); without a limit its islands would never run
 * (docs/decisions/0032-islands-start-without-a-reported-paint.md). Longer than the fade.
 */
export const FIRST_CONTENTFUL_PAINT_AT_LATEST_MS = 2000;

/**
 * Runs `callback` once, when the browser has reported the page's first contentful paint: its
 * text or an image drawn, not only its backgrounds. The page fades in, and the browser counts
 * content under a running opacity animation as painted only from a later frame, so the first
 * frame is too early a signal (docs/decisions/0028-hydrate-after-first-contentful-paint.md).
 * Where paint timing is not reported, after the next frame; where it is but the paint is not
 * reported within FIRST_CONTENTFUL_PAINT_AT_LATEST_MS, after the next frame from then.
 */
export function afterFirstContentfulPaint(callback: () => void): void {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    afterNextPaint(callback);
    return;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(atLatest);
    callback();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) run();
  });
  const atLatest = setTimeout(() => afterNextPaint(run), FIRST_CONTENTFUL_PAINT_AT_LATEST_MS);
  // Buffered: a paint reported before this line is delivered too.
  observer.observe({ type: 'paint', buffered: true });
}
