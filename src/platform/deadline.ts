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
      // Settled before the signal aborts: a call that fails once aborted is late, not failed.
      reject(late);
      controller.abort(late);
    }, ms);
    const settle = <V>(then: (value: V) => void) => (value: V) => {
      clearTimeout(timer);
      then(value);
    };
    let called: Promise<T>;
    try {
      called = call(controller.signal);
    } catch (error) {
      called = Promise.reject(error);
    }
    called.then(settle(resolve), settle(reject));
  });
}
