import { describe, expect, it } from 'vitest';
import { oneTaskEach } from './one-task-each';

describe('oneTaskEach', () => {
  it('runs the work in order, each piece in a task of its own', async () => {
    const inItsOwnTask = oneTaskEach();
    const log: string[] = [];
    const done = new Promise<void>((resolve) => {
      for (const name of ['a', 'b', 'c'])
        inItsOwnTask(() => {
          log.push(name);
          // Runs before the next piece only if that piece is a task of its own.
          queueMicrotask(() => log.push(`${name} microtask`));
          if (name === 'c') setTimeout(resolve, 0);
        });
    });
    expect(log).toEqual([]);
    await done;
    expect(log).toEqual(['a', 'a microtask', 'b', 'b microtask', 'c', 'c microtask']);
  });

  it('takes new work after the queue has run dry', async () => {
    const inItsOwnTask = oneTaskEach();
    await new Promise<void>((resolve) => inItsOwnTask(resolve));
    await expect(new Promise<string>((resolve) => inItsOwnTask(() => resolve('again')))).resolves.toBe('again');
  });
});
