import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OperatorDraft } from '../../src/operators/domain/input.js';
import { createOperatorStore, type SqlOperatorStore } from '../../src/operators/store/operator-store.js';
import { ENGINES, onEngine, type TestStore } from '../support/engines.js';

const T1 = new Date('2026-01-01T10:00:00.000Z');
const T2 = new Date('2026-01-01T11:00:00.000Z');

const draft = (id: string, over: Partial<OperatorDraft> = {}): OperatorDraft => ({
  id,
  name: `Grúas ${id}`,
  phone: '+56912345678',
  services: [1, 2],
  position: { latitude: -33.4, longitude: -70.6 },
  onDuty: null,
  ...over,
});

describe.each(ENGINES)('the operator store $name', (engine) => {
  let test: TestStore;
  let store: SqlOperatorStore;
  beforeEach(async () => {
    if (engine.skip) return;
    test = await engine.open();
    store = createOperatorStore(test.sql);
  });
  afterEach(() => test?.dispose());

  describe.skipIf(engine.skip)(onEngine(engine), () => {
    it('when operators are upserted, then new ones start on duty and known ones keep their duty unless told', async () => {
      await store.upsertMany([draft('a'), draft('b', { onDuty: false })], T1);

      const written = await store.upsertMany([draft('a', { name: 'A2', services: [3] }), draft('b'), draft('c', { onDuty: false })], T2);

      expect(written.map((o) => [o.id, o.name, o.services, o.onDuty, o.updatedAt])).toEqual(
        expect.arrayContaining([
          ['a', 'A2', [3], true, T2],
          ['b', 'Grúas b', [1, 2], false, T2],
          ['c', 'Grúas c', [1, 2], false, T2],
        ]),
      );
      expect(written).toHaveLength(3);
      expect(await store.count()).toBe(3);
    });

    it('when one row of a batch is refused by the database, then none of the batch is written', async () => {
      await expect(store.upsertMany([draft('ok'), draft('bad', { position: { latitude: 95, longitude: 0 } })], T1)).rejects.toThrow();

      expect(await store.count()).toBe(0);
    });

    it('moves, changes duty and removes one operator, and answers null or false for an unknown one', async () => {
      await store.upsertMany([draft('a')], T1);

      expect(await store.move('a', { latitude: -33.5, longitude: -70.7 }, T2)).toMatchObject({
        position: { latitude: -33.5, longitude: -70.7 },
        updatedAt: T2,
      });
      expect(await store.setDuty('a', false, T2)).toMatchObject({ onDuty: false });
      expect(await store.move('nobody', { latitude: 0, longitude: 0 }, T2)).toBeNull();
      expect(await store.setDuty('nobody', true, T2)).toBeNull();
      expect(await store.remove('a')).toBe(true);
      expect(await store.remove('a')).toBe(false);
      expect(await store.findById('a')).toBeNull();
    });

    it('finds many by id, skipping the unknown ones', async () => {
      await store.upsertMany([draft('a'), draft('b'), draft('c')], T1);

      const found = await store.findMany(['c', 'a', 'zzz']);

      expect(found.map((o) => o.id).sort()).toEqual(['a', 'c']);
      expect(await store.findMany([])).toEqual([]);
    });

    it('pages through every operator as dispatch needs it', async () => {
      const drafts = Array.from({ length: 25 }, (_, i) => draft(`op-${String(i).padStart(2, '0')}`, {
        services: [((i % 3) + 1) as 1 | 2 | 3],
        position: { latitude: -33 - i / 100, longitude: -70.123456789012 },
        onDuty: i % 2 === 0,
      }));
      await store.upsertMany(drafts, T1);

      const pages = [];
      for await (const page of store.placements(10)) pages.push(page);

      expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
      expect(pages.flat()).toEqual(drafts.map((d) => ({ id: d.id, position: d.position, services: d.services, onDuty: d.onDuty })));
    });
  });
});
