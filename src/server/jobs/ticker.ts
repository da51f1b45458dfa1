/** A timer's runs, tracked so that stopping it waits for the one in progress. */
export interface Ticker {
  /** Starts one run now, outside the timer; a failure is logged as the timer's are. */
  track<T>(run: Promise<T>): Promise<T>;
  /** Clears the timer, then waits for every run started. */
  stop(): Promise<void>;
}

/**
 * Calls `tick` every `everyMs`: the one loop every timed job of the server shares (the leased
 * schedules, the calendar sync, the sweep). A failed run is handed to `failed`, never thrown.
 */
export function startTicker(tick: () => Promise<unknown>, everyMs: number, failed: (error: unknown) => void): Ticker {
  let running: Promise<unknown> = Promise.resolve();
  const track = <T>(run: Promise<T>) => {
    running = Promise.all([running, run.catch(failed)]);
    return run;
  };
  const timer = setInterval(() => void track(tick()), everyMs).unref();
  return {
    track,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
