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

/** The landing page's fade-in (styles.css): its content is surely drawn once it has ended. */
const FADE_IN = 'page-fade-in';
/** Where a browser cannot list its animations: the fade's second, and some margin. */
const FADE_IN_AT_LATEST_MS = 2000;

/**
 * Runs `callback` once the page's fade-in animations have ended, finished or cancelled; after
 * the next frame where there are none (reduced motion). The animations run on the page's own
 * timeline, so a browser test's stopped clock does not hold this, as it would a timer.
 */
function afterFadeIn(callback: () => void): void {
  if (typeof document.getAnimations !== 'function') {
    setTimeout(callback, FADE_IN_AT_LATEST_MS);
    return;
  }
  const fades = document.getAnimations().filter((a) => (a as CSSAnimation).animationName === FADE_IN);
  if (fades.length === 0) afterNextPaint(callback);
  else void Promise.all(fades.map((a) => a.finished.catch(() => undefined))).then(callback);
}

/**
 * Runs `callback` once, when the browser has reported the page's first contentful paint: its
 * text or an image drawn, not only its backgrounds. The page fades in, and the browser counts
 * content under a running opacity animation as painted only from a later frame, so the first
 * frame is too early a signal (docs/decisions/0028-hydrate-after-first-contentful-paint.md).
 * Where paint timing is not reported, after the next frame. At the latest once the fade has
 * ended: Chromium sometimes reports the first paint and never the contentful one
 * (docs/decisions/0032-islands-start-without-a-reported-paint.md).
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
    callback();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) run();
  });
  // Buffered: a paint reported before this line is delivered too.
  observer.observe({ type: 'paint', buffered: true });
  // Not after a frame: the fade has drawn many, and a stopped clock holds animation frames too.
  afterFadeIn(run);
}
