interface Pending<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: items that arrive together are written together, in one statement and one
 * transaction, and so are those that arrive while a write is in flight. Each batch is formed at
 * the end of a turn of the event loop (setImmediate), the first one and each after a write alike,
 * so that every request already received can join it: an engine that runs a query synchronously
 * (PGlite on the calling thread) would otherwise leave no time for a batch to form, and a batch
 * taken the moment a write ends would leave behind the requests that node has yet to read in the
 * same turn (REST at 50 connections: ~10 % more orders per second with them). Each caller still
 * hears back only after its own item is committed. When a batch fails as a whole, its items are
 * retried one by one, so that one bad item cannot fail the others.
 */
export function groupCommit<T, R>(writeMany: (items: T[]) => Promise<R[]>, maxBatch: number) {
  let queue: Pending<T, R>[] = [];
  let writing = false;

  async function writeEach(batch: Pending<T, R>[]) {
    for (const p of batch) {
      await writeMany([p.item]).then(([r]) => p.resolve(r!), p.reject);
    }
  }

  async function writeBatch(batch: Pending<T, R>[]) {
    try {
      const results = await writeMany(batch.map((p) => p.item));
      batch.forEach((p, i) => p.resolve(results[i]!));
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else await writeEach(batch);
    }
  }

  async function writeNext() {
    const batch = queue.slice(0, maxBatch);
    queue = queue.slice(maxBatch);
    await writeBatch(batch);
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
