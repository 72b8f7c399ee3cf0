/** A parameter's value as the engine takes it: text, bytes (sent in binary), or NULL. */
export type WireValue = string | Uint8Array | null;

// Execute (the unnamed portal, every row), and Sync.
const EXECUTE = Buffer.from([0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0]);
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);

// A buffer grown past this for one large statement (a roster import's batch) is not kept.
const KEPT_BYTES = 1024 * 1024;

/**
 * Bind, Execute and Sync for a prepared statement, in one buffer kept from one call to the next
 * (the engine has read all of it when its call returns). PGlite's serializer builds each
 * message in buffers of its own, grown by doubling and then joined: for a batch of orders that
 * took a share of the engine thread's time, and its garbage, outside the young generation, set
 * off full collections of that thread's heap, whose pauses the slowest answers waited behind.
 * See docs/design/group-commit.md.
 */
export function createBindWriter(initialBytes = 16 * 1024) {
  let buffer = Buffer.allocUnsafe(initialBytes);

  /** `before` and `after`: messages sent ahead of the Bind and after the Execute, in the same buffer. */
  return function bindExecuteSync(statement: string, values: readonly WireValue[], before?: Uint8Array, after?: Uint8Array): Uint8Array {
    const lengths = values.map((v) => (v === null ? -1 : typeof v === 'string' ? Buffer.byteLength(v) : v.byteLength));
    const bindLength = 4 + 1 + Buffer.byteLength(statement) + 1 + 2 + 2 * values.length + 2 +
      lengths.reduce((sum, n) => sum + 4 + Math.max(n, 0), 0) + 2;
    const ahead = before?.byteLength ?? 0;
    const size = ahead + 1 + bindLength + EXECUTE.length + (after?.byteLength ?? 0) + SYNC.length;
    const into = size <= buffer.length ? buffer : Buffer.allocUnsafe(Math.max(size, buffer.length * 2));
    if (into.length <= KEPT_BYTES) buffer = into;

    if (before) into.set(before);
    let at = ahead;
    into[at++] = 0x42; // Bind
    at = into.writeInt32BE(bindLength, at);
    into[at++] = 0; // the unnamed portal
    at += into.write(statement, at);
    into[at++] = 0;
    at = into.writeInt16BE(values.length, at);
    for (const v of values) at = into.writeInt16BE(v instanceof Uint8Array ? 1 : 0, at);
    at = into.writeInt16BE(values.length, at);
    values.forEach((v, i) => {
      at = into.writeInt32BE(lengths[i]!, at);
      if (typeof v === 'string') at += into.write(v, at);
      else if (v) at += Buffer.from(v.buffer, v.byteOffset, v.byteLength).copy(into, at);
    });
    at = into.writeInt16BE(0, at); // every result column in text
    at += EXECUTE.copy(into, at);
    if (after) {
      into.set(after, at);
      at += after.byteLength;
    }
    at += SYNC.copy(into, at);
    return into.subarray(0, at);
  };
}
