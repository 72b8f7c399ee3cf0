/**
 * One-dimensional PostgreSQL arrays in the binary format of the wire protocol, for statements
 * that take a batch of rows as one array per column (`unnest($1::text[], $2::float8[], …)`).
 * In binary, the engine reads a number or a timestamp as it is stored instead of parsing its
 * text: for a batch of orders, decoding JSON and parsing its numbers was a large part of the
 * embedded engine's time (see docs/design/group-commit.md). A driver sends bytes as a binary parameter (PGlite through
 * pglite.ts, node-postgres by itself).
 */

/** The element types written here, by their PostgreSQL name, with the value each one takes. */
export interface ElementTypes {
  text: string;
  float8: number;
  int2: number;
  int4: number;
  int8: number;
  timestamptz: Date;
  /** In its canonical text form, hex digits of either case. */
  uuid: string;
}
export type ElementType = keyof ElementTypes;

/** A column of a batch: its element type and a value (or null) per row. */
export type ArrayColumn = { [T in ElementType]: { type: T; values: readonly (ElementTypes[T] | null)[] } }[ElementType];

// pg_type OIDs of the element types.
const OIDS: Record<ElementType, number> = {
  text: 25,
  float8: 701,
  int2: 21,
  int4: 23,
  int8: 20,
  timestamptz: 1184,
  uuid: 2950,
};
// timestamptz counts microseconds from 2000-01-01 UTC.
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);
// ndim, has-nulls flag, element type, then the one dimension's length and lower bound.
const HEADER_BYTES = 20;
// An element's length and, but for text, its value fit in this.
const FIXED_ELEMENT_BYTES = 4 + 16;
// The most bytes a UTF-16 code unit takes in UTF-8.
const UTF8_BYTES_PER_UNIT = 3;

// Arrays are written here, then copied out at their exact size. Encoding is synchronous, so one
// buffer serves every call; one grown past KEPT_BYTES for an unusually large batch is not kept.
const INITIAL_BYTES = 16 * 1024;
const KEPT_BYTES = 1024 * 1024;
let buffer: Buffer;
let view: DataView;
function use(next: Buffer): void {
  buffer = next;
  view = new DataView(next.buffer, next.byteOffset, next.byteLength);
}
use(Buffer.allocUnsafeSlow(INITIAL_BYTES));

function reserve(at: number, bytes: number): void {
  if (at + bytes <= buffer.length) return;
  const bigger = Buffer.allocUnsafeSlow(Math.max(at + bytes, buffer.length * 2));
  buffer.copy(bigger, 0, 0, at);
  use(bigger);
}

// The integers each integer type holds; int8 as far as a number is exact. Out of range, a value
// would be written wrapped: it is refused instead, as the engine refuses it in text.
const INTEGER_RANGES = { int2: 2 ** 15, int4: 2 ** 31, int8: 2 ** 53 };

function integer(type: keyof typeof INTEGER_RANGES, value: number): number {
  const limit = INTEGER_RANGES[type];
  if (!Number.isInteger(value) || value < -limit || value >= limit) throw new RangeError(`${value} is not an ${type}`);
  return value;
}

/** An integer of up to 53 bits as a big-endian int8, without a BigInt. */
function writeInt64(at: number, value: number): number {
  const high = Math.floor(value / 2 ** 32);
  view.setInt32(at, high);
  view.setUint32(at + 4, value - high * 2 ** 32);
  return 8;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID's 16 bytes, from its canonical text (the engine reads nothing else as binary). */
function writeUuid(at: number, value: string): number {
  if (!UUID.test(value)) throw new RangeError(`${value} is not a uuid`);
  return buffer.write(value.replaceAll('-', ''), at, 'hex');
}

/** Writes a value at `at` and says how many bytes it took. */
function writeElement(type: ElementType, value: ElementTypes[ElementType], at: number): number {
  switch (type) {
    case 'text':
      reserve(at, (value as string).length * UTF8_BYTES_PER_UNIT);
      return buffer.write(value as string, at);
    case 'float8':
      view.setFloat64(at, value as number);
      return 8;
    case 'int2':
      view.setInt16(at, integer(type, value as number));
      return 2;
    case 'int4':
      view.setInt32(at, integer(type, value as number));
      return 4;
    case 'int8':
      return writeInt64(at, integer(type, value as number));
    case 'timestamptz': {
      const ms = (value as Date).getTime();
      if (Number.isNaN(ms)) throw new RangeError('Invalid Date is not a timestamptz');
      return writeInt64(at, (ms - POSTGRES_EPOCH_MS) * 1000);
    }
    case 'uuid':
      return writeUuid(at, value as string);
  }
}

/**
 * The columns as arrays in binary, each a view of one new buffer of their exact size: nothing
 * else is copied with them when they are posted to another thread.
 */
export function encodeArrays(columns: readonly ArrayColumn[]): Uint8Array[] {
  let at = 0;
  const bounds = columns.map(({ type, values }) => {
    reserve(at, HEADER_BYTES);
    const start = at;
    let hasNulls = 0;
    at += HEADER_BYTES;
    for (const value of values) {
      reserve(at, FIXED_ELEMENT_BYTES);
      if (value === null || value === undefined) {
        view.setInt32(at, -1);
        at += 4;
        hasNulls = 1;
      } else {
        const written = writeElement(type, value, at + 4);
        view.setInt32(at, written);
        at += 4 + written;
      }
    }
    [1, hasNulls, OIDS[type], values.length, 1].forEach((n, i) => view.setInt32(start + 4 * i, n));
    return [start, at] as const;
  });
  const copy = new Uint8Array(buffer.subarray(0, at));
  if (buffer.length > KEPT_BYTES) use(Buffer.allocUnsafeSlow(INITIAL_BYTES));
  return bounds.map(([start, end]) => copy.subarray(start, end));
}
