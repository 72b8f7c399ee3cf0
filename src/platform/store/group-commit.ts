import { StoreUnavailableError } from '../errors.js';

interface Pending<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export interface GroupCommitOptions {
  /** Up to this many items are written together. */
  maxBatch: number;
  /**
   * When the batch after a write is formed, if items are waiting:
   * - 'end of turn': at the end of the event loop's turn, so that requests node has received but
   *   not yet read join it. Fewer, larger batches: for writes whose cost is mostly per batch and
   *   while the HTTP thread is the busier one (orders).
   * - 'at once': the moment the write ends, before its callers hear back, so that the engine
   *   works while they are answered: for writes that keep the engine the busier one (operator
   *   moves).
   * See docs/design/group-commit.md.
   */
  next: 'end of turn' | 'at once';
  /** Told each batch's size as it is written. */
  onBatch?: (size: number) => void;
}

/**
 * Group commit: items that arrive together are written together, in one statement and one
 * transaction, and so are those that arrive while a write is in flight. The first batch is
 * formed at the end of the current turn of the event loop (setImmediate), so that every request
 * already received can join it: an engine that runs a query synchronously (PGlite on the calling
 * thread) would otherwise leave no time for a batch to form. Each caller still hears back only
 * after its own item is committed. A result that is an Error fails its own caller alone. When a
 * batch fails as a whole, its items are retried one by one, so that one bad item cannot fail the
 * others; but not when the store is unavailable, which fails them all alike.
 */
export function groupCommit<T, R>(
  writeMany: (items: T[]) => Promise<(R | Error)[]>,
  { maxBatch, next, onBatch }: GroupCommitOptions,
) {
  let queue: Pending<T, R>[] = [];
  let writing = false;

  const settle = (p: Pending<T, R>, result: R | Error) => (result instanceof Error ? p.reject(result) : p.resolve(result));

  async function writeEach(batch: Pending<T, R>[]) {
    for (const p of batch) {
      await writeMany([p.item]).then(([r]) => settle(p, r!), p.reject);
    }
  }

  /** Writes a batch and says how to answer its callers (nothing, if they had to be written one by one). */
  async function writeBatch(batch: Pending<T, R>[]): Promise<() => void> {
    try {
      const results = await writeMany(batch.map((p) => p.item));
      return () => batch.forEach((p, i) => settle(p, results[i]!));
    } catch (error) {
      // Written one by one, each would wait for an unavailable store in turn.
      if (batch.length === 1 || error instanceof StoreUnavailableError) return () => batch.forEach((p) => p.reject(error));
      await writeEach(batch);
      return () => {};
    }
  }

  async function writeNext() {
    const batch = queue.slice(0, maxBatch);
    queue = queue.slice(maxBatch);
    onBatch?.(batch.length);
    const answer = await writeBatch(batch);
    if (queue.length > 0 && next === 'at once') {
      // Sent before this batch's callers hear back, so that the engine works while they are answered.
      void writeNext();
      answer();
      return;
    }
    answer();
    if (queue.length > 0) setImmediate(writeNext);
    else writing = false;
  }

  return function write(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!writing) {
        writing = true;
        setImmediate(writeNext);
      }
    });
  };
}
