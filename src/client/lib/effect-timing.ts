import { options } from 'preact';

/**
 * Effects run in a task of their own right after the render, as they do in React, for which the
 * components were written: Preact's default waits for the next animation frame, which a hidden
 * tab (or a test's stopped clock) never draws, so a carousel's timer or an observer would not
 * start (docs/decisions/0016-preact.md).
 */
const pending: Array<() => void> = [];
const channel = new MessageChannel();
channel.port1.onmessage = () => {
  for (const callback of pending.splice(0)) callback();
};

options.requestAnimationFrame = (callback) => {
  pending.push(callback);
  if (pending.length === 1) channel.port2.postMessage(null);
};
