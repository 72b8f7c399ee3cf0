import type { OperatorDraft } from '../../../src/operators/domain/input.js';
import type { Point, ServiceCode } from '../../../src/orders/domain/order.js';
import type { OperatorIndex } from '../../../src/operators/domain/ports.js';
import { createOperatorStore } from '../../../src/operators/store/operator-store.js';
import { openPostgres } from '../../../src/platform/store/postgres.js';
import type { Sql } from '../../../src/platform/store/sql.js';
import type { TestStore } from '../../support/engines.js';

export const operatorDraft = (id: string, position: Point = { latitude: -33.44, longitude: -70.65 }): OperatorDraft => ({
  id,
  name: `Operator ${id}`,
  phone: '+56911111111',
  services: [1, 2, 3],
  position,
  onDuty: true,
});

export async function addOperators(sql: Sql, ids: readonly string[], at: Date): Promise<void> {
  await createOperatorStore(sql).upsertMany(ids.map((id) => operatorDraft(id)), at);
}

/** A roster that names the given operators, in this order, as the nearest to every order. */
export function fixedRoster(ids: () => readonly string[]): Pick<OperatorIndex, 'nearest'> {
  return { nearest: (_p, _s: ServiceCode | null, _r, limit) => ids().slice(0, limit).map((id) => ({ id, position: { latitude: 0, longitude: 0 }, distanceMetres: 0 })) };
}

/**
 * A second instance's own connection to the same store: on PostgreSQL a pool of its own, as
 * another process would have; PGlite is one process's, so there both instances share it.
 */
export async function secondConnection(store: TestStore): Promise<{ sql: Sql; close(): Promise<void> }> {
  if (!store.url) return { sql: store.sql, close: async () => {} };
  const sql = await openPostgres(store.url);
  return { sql, close: () => sql.close() };
}

/** How each of a set of calls ended: its value, or its error's code. */
export async function settleAll<T>(calls: readonly Promise<T>[]): Promise<({ ok: true; value: T } | { ok: false; code: string; error: unknown })[]> {
  const results = await Promise.allSettled(calls);
  return results.map((r) =>
    r.status === 'fulfilled'
      ? { ok: true as const, value: r.value }
      : { ok: false as const, code: (r.reason as { code?: string }).code ?? String(r.reason), error: r.reason },
  );
}
