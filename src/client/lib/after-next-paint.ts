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
