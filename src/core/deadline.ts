/** The call did not finish within its deadline; it was aborted. */
export class DeadlineError extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

/**
 * Runs `call` with a signal that aborts after `ms`, and settles at the deadline whether or not
 * the call honours the signal: a provider that ignores it cannot hold the caller.
 */
export function withinDeadline<T>(ms: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const late = new DeadlineError(ms);
      controller.abort(late);
      reject(late);
    }, ms);
    Promise.resolve()
      .then(() => call(controller.signal))
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}
