/** The call did not finish within its deadline; it was aborted. */
export class DeadlineError extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

// Calls whose deadlines fall within the same few milliseconds share one AbortController: on
// Node 20 making one costs more than an in-process provider's whole answer (the sandbox's link),
// and AbortSignal.timeout several times that. A shared signal aborts each call at most this much
// (and the margin below) after its own deadline; each call still settles at its own, by its own timer.
const SHARED_WITHIN_MS = 10;
// Strictly after: a signal whose deadline fell on a call's own, its timer made first, fired first,
// and the call, cut off, failed with its own error instead of settling at its deadline. Timers
// count whole milliseconds of a clock other than Date.now(), so one millisecond could still tie.
const AFTER_OWN_DEADLINE_MS = 2;
const shared = new Map<number, AbortController>();

/** A signal that aborts once `ms` have passed, shared with the calls whose deadline is the same. */
export function deadlineSignal(ms: number): AbortSignal {
  const at = Math.ceil((Date.now() + ms + AFTER_OWN_DEADLINE_MS) / SHARED_WITHIN_MS) * SHARED_WITHIN_MS;
  let controller = shared.get(at);
  if (!controller) {
    const made = new AbortController();
    shared.set(at, made);
    setTimeout(() => {
      shared.delete(at);
      made.abort(new DeadlineError(ms));
    }, at - Date.now()).unref();
    controller = made;
  }
  return controller.signal;
}

/**
 * Runs `call` with a signal that aborts after `ms`, and settles at the deadline whether or not
 * the call honours the signal: a provider that ignores it cannot hold the caller.
 */
export function withinDeadline<T>(ms: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const signal = deadlineSignal(ms);
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new DeadlineError(ms)), ms);
    const settle = <V>(then: (value: V) => void) => (value: V) => {
      clearTimeout(timer);
      then(value);
    };
    let called: Promise<T>;
    try {
      called = call(signal);
    } catch (error) {
      called = Promise.reject(error);
    }
    called.then(settle(resolve), settle(reject));
  });
}
