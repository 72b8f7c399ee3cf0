import { createDispatch } from '../../src/lifecycle/domain/dispatch.js';
import { createLifecycle, type AfterChange, type LifePolicy } from '../../src/lifecycle/domain/lifecycle.js';
import { createOrderPayments } from '../../src/lifecycle/domain/paying.js';
import type { OperatorIndex } from '../../src/operators/domain/ports.js';
import { createDispatchStore } from '../../src/lifecycle/store/dispatch-store.js';
import { createLifecycleStore } from '../../src/lifecycle/store/lifecycle-store.js';
import type { Sql } from '../../src/platform/store/sql.js';

export const POLICY: LifePolicy = {
  offerTimeoutMs: 30_000,
  giveUpAfterMs: 15 * 60_000,
  closeAfterMs: 24 * 3_600_000,
  cancellationFeePercent: 0,
};

/** What followed each change, as the composition would run it. */
export function recordedAfter() {
  const told: string[] = [];
  const after: AfterChange = {
    dispatch: ({ id }) => told.push(`dispatch ${id}`),
    refund: (id) => told.push(`refund ${id}`),
    voidLink: (reference) => told.push(`void ${reference}`),
  };
  return { after, told };
}

/** The state machine over a store, with a clock the test moves. */
export function lifecycleOver(sql: Sql, options: { clock: () => Date; policy?: Partial<LifePolicy>; after?: AfterChange; roster?: Pick<OperatorIndex, 'nearest'> }) {
  const store = createLifecycleStore(sql);
  const { after, told } = options.after ? { after: options.after, told: [] as string[] } : recordedAfter();
  const lifecycle = createLifecycle({ store, policy: { ...POLICY, ...options.policy }, clock: options.clock, after });
  const payments = createOrderPayments({ lifecycle, store, clock: options.clock });
  const dispatch = createDispatch({
    store: createDispatchStore(sql),
    orders: store,
    roster: options.roster ?? { nearest: () => [] },
    policy: { radiusMetres: 25_000, offerTimeoutMs: POLICY.offerTimeoutMs, retryMs: 10_000 },
    clock: options.clock,
  });
  return { store, lifecycle, payments, dispatch, told };
}
