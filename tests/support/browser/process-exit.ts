import type { ChildProcess } from 'node:child_process';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Date.now() when the exit was seen. */
  at: number;
}

/** The coming exit of a running child process. */
export function exitOf(child: ChildProcess): Promise<Exit> {
  if (child.exitCode !== null || child.signalCode !== null) throw new Error(`process ${child.pid} has already exited`);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
}
