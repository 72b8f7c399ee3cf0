import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A warm-up, then a measured window, on the clock: drivers ask `measuring` when a timed call ends
 * to know whether it counts, and `over` to know when to stop starting new work.
 */
export interface Window {
  readonly measuring: boolean;
  readonly over: boolean;
  /** Resolves once the measured window has ended. */
  done: Promise<void>;
}

export function measuredWindow(warmupSeconds: number, seconds: number): Window {
  const state = { measuring: false, over: false };
  const done = (async () => {
    await sleep(warmupSeconds * 1000);
    state.measuring = true;
    await sleep(seconds * 1000);
    state.measuring = false;
    state.over = true;
  })();
  return {
    get measuring() {
      return state.measuring;
    },
    get over() {
      return state.over;
    },
    done,
  };
}
