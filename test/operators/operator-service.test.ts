import { describe, expect, it } from 'vitest';
import { InvalidInputError, OperatorNotFoundError } from '../../src/platform/errors.js';
import type { OperatorDraft } from '../../src/operators/domain/input.js';
import type { OperatorStore } from '../../src/operators/domain/ports.js';
import type { Operator } from '../../src/operators/domain/operator.js';
import { createOperatorRoster } from '../support/scan-roster.js';
import { createOperatorService } from '../../src/operators/domain/service.js';
import type { Point } from '../../src/orders/domain/order.js';

const NOW = new Date('2026-02-03T04:05:06.000Z');
const SANTIAGO: Point = { latitude: -33.4378, longitude: -70.6505 };

const operator = (id: string, position: Point = SANTIAGO, onDuty = true): Operator => ({
  id,
  name: id,
  phone: '+56912345678',
  services: [1],
  position,
  onDuty,
  updatedAt: NOW,
});

/**
 * A store in memory. `failing` makes every write throw; `hold` keeps each write waiting until
 * `release` is called, in any order, to play a store whose statements finish out of order.
 */
function memoryStore(initial: Operator[] = [], options: { failing?: boolean; hold?: boolean } = {}) {
  const rows = new Map(initial.map((o) => [o.id, o]));
  const held: (() => void)[] = [];
  const write = async <T>(change: () => T): Promise<T> => {
    if (options.failing) throw new Error('store down');
    if (options.hold) await new Promise<void>((resolve) => held.push(resolve));
    return change();
  };
  const update = (id: string, change: (o: Operator) => Operator) =>
    write(() => {
      const found = rows.get(id);
      if (!found) return null;
      rows.set(id, change(found));
      return rows.get(id)!;
    });
  const store: OperatorStore = {
    upsertMany: (drafts: readonly OperatorDraft[], now: Date) =>
      write(() =>
        drafts.map((d) => {
          const stored = { ...d, onDuty: d.onDuty ?? rows.get(d.id)?.onDuty ?? true, updatedAt: now };
          rows.set(d.id, stored);
          return stored;
        }),
      ),
    move: (id, position, now) => update(id, (o) => ({ ...o, position, updatedAt: now })),
    setDuty: (id, onDuty, now) => update(id, (o) => ({ ...o, onDuty, updatedAt: now })),
    remove: (id) => write(() => rows.delete(id)),
    findById: async (id) => rows.get(id) ?? null,
    findMany: async (ids) => ids.flatMap((id) => rows.get(id) ?? []),
  };
  return { store, rows, held };
}

function arrange(initial: Operator[], options: { failing?: boolean; hold?: boolean } = {}) {
  const memory = memoryStore(initial, options);
  const index = createOperatorRoster(initial);
  const service = createOperatorService({ store: memory.store, index, clock: () => NOW, dispatchRadiusMetres: 10_000 });
  return { service, index, ...memory };
}

const north = (km: number): Point => ({ latitude: SANTIAGO.latitude + km / 111.195, longitude: SANTIAGO.longitude });

describe('the operator service', () => {
  it('when a write is stored, then the index answers with it at once', async () => {
    const { service, index } = arrange([operator('a', north(5))]);

    await service.move({ id: 'a', ...north(1) });

    expect(index.nearestAvailable(SANTIAGO, 1, 2_000)?.id).toBe('a');
  });

  it('when the store fails, then the index is left as it was', async () => {
    const { service, index } = arrange([operator('a', north(1))], { failing: true });

    await expect(service.move({ id: 'a', ...north(50) })).rejects.toThrow('store down');
    await expect(service.setDuty({ id: 'a', onDuty: false })).rejects.toThrow('store down');
    await expect(service.remove({ id: 'a' })).rejects.toThrow('store down');

    expect(index.nearestAvailable(SANTIAGO, 1, 2_000)?.id).toBe('a');
  });

  it('when the input breaks a rule, then nothing reaches the store', async () => {
    const { service, rows } = arrange([operator('a', north(1))]);

    await expect(service.move({ id: 'a', latitude: 'north', longitude: 0 })).rejects.toEqual(new InvalidInputError('latitude', 'debe ser un número entre -90 y 90'));
    await expect(service.upsert({ id: 'b' })).rejects.toBeInstanceOf(InvalidInputError);

    expect([...rows.keys()]).toEqual(['a']);
    expect(rows.get('a')!.position).toEqual(north(1));
  });

  it('when the operator is unknown, then OperatorNotFoundError names it and the index does not learn of it', async () => {
    const { service, index } = arrange([]);

    await expect(service.move({ id: 'ghost', ...SANTIAGO })).rejects.toEqual(new OperatorNotFoundError('ghost'));
    await expect(service.remove({ id: 'ghost' })).rejects.toEqual(new OperatorNotFoundError('ghost'));
    expect(index.size()).toBe(0);
  });

  it('when writes of one operator finish out of order in the store, then they still reach it and the index in the order asked', async () => {
    const { service, index, held, rows } = arrange([operator('a', north(1))], { hold: true });

    const first = service.move({ id: 'a', ...north(2) });
    const second = service.setDuty({ id: 'a', onDuty: false });
    await new Promise(setImmediate);
    // Only the first write has been sent to the store; the second waits for it.
    expect(held).toHaveLength(1);
    held.shift()!();
    await first;
    await new Promise(setImmediate);
    held.shift()!();
    await second;

    expect(rows.get('a')).toMatchObject({ position: north(2), onDuty: false });
    expect(index.nearestAvailable(SANTIAGO, 1, 50_000)).toBeUndefined();
  });

  it('near answers the stored operators in the order of the index, with their distance, within the dispatch radius by default', async () => {
    const { service } = arrange([operator('far', north(8)), operator('near', north(3)), operator('out', north(12))]);

    const found = await service.near(SANTIAGO);

    expect(found.map((n) => [n.operator.id, Math.round(n.distanceMetres)])).toEqual([
      ['near', 3000],
      ['far', 8000],
    ]);
  });
});
