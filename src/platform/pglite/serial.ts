/**
 * One piece of work at a time, in the order asked: `alone(work)` starts `work` once every piece
 * asked before it has settled, and settles as it does.
 *
 * The embedded store's statements and transactions queue here rather than on PGlite's own
 * `runExclusive`: that lock's promises outlived young-generation collections and were promoted
 * to the old generation at every one in a loop of statements; with this queue, none are.
 * See docs/design/engine-thread.md.
 */
export function serially(): <T>(work: () => Promise<T>) => Promise<T> {
  let busy = false;
  const waiting: (() => void)[] = [];
  return async function alone<T>(work: () => Promise<T>): Promise<T> {
    // The one that finishes hands the turn straight to the next, which finds `busy` still set.
    if (busy) await new Promise<void>((resolve) => waiting.push(resolve));
    else busy = true;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else busy = false;
    }
  };
}
