/**
 * Returns a function that queues work to run in order, each piece in a task of its own, so that
 * several pieces asked for at once never make one long task the browser cannot interrupt. A
 * `MessageChannel` rather than `setTimeout`, so a browser test's stopped clock does not hold it
 * (docs/decisions/0017-hydrate-after-first-paint.md).
 */
export function oneTaskEach(): (work: () => void) => void {
  const queue: Array<() => void> = [];
  let channel: MessageChannel | undefined;
  const next = () => {
    queue.shift()?.();
    if (queue.length > 0) channel?.port2.postMessage(null);
  };
  return (work) => {
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = next;
    }
    queue.push(work);
    if (queue.length === 1) channel.port2.postMessage(null);
  };
}
