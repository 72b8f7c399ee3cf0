import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A warm-up, then a measured window, on the clock: drivers ask `measuring` when a timed call ends
 * to know whether it counts, and `over` to know when to stop starting new work. The warm-up
 * starts once `warm` resolves (e.g. when every driver has gone once through its work).
 */
export interface Window {
  readonly measuring: boolean;
  readonly over: boolean;
  /** Resolves when the measured window starts. */
  started: Promise<void>;
  /** Resolves once the measured window has ended. */
  done: Promise<void>;
}

export function measuredWindow(warmupSeconds: number, seconds: number, warm: Promise<unknown> = Promise.resolve()): Window {
  const state = { measuring: false, over: false };
  const started = (async () => {
    await warm;
    await sleep(warmupSeconds * 1000);
    state.measuring = true;
  })();
  const done = (async () => {
    await started;
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
    started,
    done,
  };
}
