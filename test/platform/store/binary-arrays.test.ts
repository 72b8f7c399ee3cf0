import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeArrays, type ArrayColumn } from '../../../src/platform/store/binary-arrays.js';
import { ENGINES, onEngine, type TestStore } from '../../support/engines.js';

// Each value as the engine reads it back from the arrays, on every engine the stores run on.
const COLUMNS = [
  { type: 'text', values: ['', 'ñandú 🚗', `comma, quote ' " \\ {braces} NULL`, null, 'x'.repeat(40_000)] },
  { type: 'float8', values: [-33.4378, -70.6505, 0, 1e-300, Number.MAX_VALUE, null] },
  { type: 'int2', values: [-32_768, 32_767, 0, null] },
  { type: 'int4', values: [-(2 ** 31), 2 ** 31 - 1, 11_404] },
  { type: 'int8', values: [-(2 ** 53 - 1), 2 ** 53 - 1, -1, 0, 4_294_967_296, null] },
  {
    type: 'timestamptz',
    values: [new Date('1969-07-20T20:17:40.123Z'), new Date('2000-01-01T00:00:00.000Z'), new Date('2026-11-21T17:10:00.999Z'), null],
  },
  {
    type: 'uuid',
    values: ['76f1afe1-dec7-4a3b-8286-4052d13bf342', '00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', null],
  },
] satisfies ArrayColumn[];

const asRead = (type: string, values: readonly unknown[]) => {
  // node-postgres reads int8 as text, to keep its precision.
  if (type === 'int8') return values.map((v) => (v === null ? null : Number(v)));
  // Engines write a UUID's hex digits in lower case.
  if (type === 'uuid') return values.map((v) => (v === null ? null : String(v).toUpperCase()));
  return values;
};

for (const engine of ENGINES) {
  describe.skipIf(engine.skip !== null)(`arrays sent in binary, ${onEngine(engine)}`, () => {
    let store: TestStore;
    beforeAll(async () => {
      store = await engine.openEmpty();
    });
    afterAll(() => store?.dispose());

    it('when each element type is sent, with NULLs and values at its limits, then the engine reads every value as it was', async () => {
      const select = COLUMNS.map(({ type }, i) => `$${i + 1}::${type}[] as ${type}`).join(', ');
      const { rows } = await store.sql.query<Record<string, unknown[]>>(`select ${select}`, encodeArrays(COLUMNS));
      for (const { type, values } of COLUMNS) expect(asRead(type, rows[0]![type]!), type).toEqual(asRead(type, values));
    });

    it('when the arrays are unnested together, then they make one row per index, as a batch insert reads them', async () => {
      const columns: ArrayColumn[] = [
        { type: 'text', values: ['a', null, 'c'] },
        { type: 'int4', values: [1, 2, 3] },
      ];
      const { rows } = await store.sql.query<{ name: string | null; n: number }>(
        'select * from unnest($1::text[], $2::int4[]) as t(name, n)',
        encodeArrays(columns),
      );
      expect(rows).toEqual([
        { name: 'a', n: 1 },
        { name: null, n: 2 },
        { name: 'c', n: 3 },
      ]);
    });

    it('when an array is empty, then it is read as an empty array', async () => {
      const { rows } = await store.sql.query<{ n: number }>('select cardinality($1::int4[]) as n', encodeArrays([{ type: 'int4', values: [] }]));
      expect(rows[0]!.n).toBe(0);
    });
  });
}

describe('encoded arrays', () => {
  it('refuse an invalid date rather than write it as 2000-01-01', () => {
    expect(() => encodeArrays([{ type: 'timestamptz', values: [new Date(Number.NaN)] }])).toThrow(RangeError);
  });

  it('refuse anything but a UUID in its canonical form as a uuid, rather than send bytes the engine would misread', () => {
    for (const value of ['ref-1', '76f1afe1dec74a3b82864052d13bf342', '76f1afe1-dec7-4a3b-8286-4052d13bf34g', ' 76f1afe1-dec7-4a3b-8286-4052d13bf342']) {
      expect(() => encodeArrays([{ type: 'uuid', values: [value] }]), value).toThrow(RangeError);
    }
  });

  it('refuse an integer out of its type\'s range, or a fraction, rather than write it wrapped or cut', () => {
    const cases: ArrayColumn[] = [
      { type: 'int2', values: [32_768] },
      { type: 'int4', values: [-(2 ** 31) - 1] },
      { type: 'int4', values: [1.5] },
      { type: 'int8', values: [2 ** 53] },
    ];
    for (const column of cases) expect(() => encodeArrays([column]), JSON.stringify(column)).toThrow(RangeError);
  });

  it('when a batch has outgrown the buffer they are written in, then the next ones are still written whole', () => {
    const small: ArrayColumn[] = [{ type: 'text', values: ['ñandú', null] }, { type: 'int8', values: [-1, 2 ** 40] }];
    const before = encodeArrays(small).map((a) => Buffer.from(a));
    const large = encodeArrays([{ type: 'text', values: ['x'.repeat(500_000), 'y'] }]);
    expect(large[0]!.byteLength).toBe(20 + 4 + 500_000 + 4 + 1);
    expect(encodeArrays(small).map((a) => Buffer.from(a))).toEqual(before);
  });

  it('are views of one buffer of their exact size, so that posting them to a thread copies nothing else', () => {
    const arrays = encodeArrays([
      { type: 'text', values: ['abc'] },
      { type: 'int2', values: [7] },
    ]);
    const [text, int2] = arrays;
    expect(text!.buffer).toBe(int2!.buffer);
    // A header of 20 bytes, then each element's length and bytes.
    expect([text!.byteLength, int2!.byteLength, text!.buffer.byteLength]).toEqual([20 + 4 + 3, 20 + 4 + 2, 27 + 26]);
  });
});
