import type { LegEstimator } from '../../../src/orders/domain/routing.js';
import { createDispatch } from '../../../src/lifecycle/domain/dispatch.js';
import { createLifecycle, type AfterChange, type LifePolicy } from '../../../src/lifecycle/domain/lifecycle.js';
import { createLifeOperations } from '../../../src/lifecycle/domain/operations.js';
import { createPartnerMoves, type PartnerMoveStore } from '../../../src/lifecycle/domain/partner-moves.js';
import { createOrderPayments } from '../../../src/lifecycle/domain/paying.js';
import { createTimers } from '../../../src/lifecycle/domain/timers.js';
import type { OperatorIndex } from '../../../src/operators/domain/ports.js';
import { createRefunds, type Refunder } from '../../../src/payments/domain/refunds.js';
import { createDispatchStore } from '../../../src/lifecycle/store/dispatch-store.js';
import { createLifecycleStore } from '../../../src/lifecycle/store/lifecycle-store.js';
import { createOperatorStore } from '../../../src/operators/store/operator-store.js';
import { createTimerStore } from '../../../src/lifecycle/store/order-timers.js';
import { createPartnerMoveStore } from '../../../src/lifecycle/store/partner-move-store.js';
import { createRefundStore } from '../../../src/payments/store/refund-store.js';
import type { Sql } from '../../../src/platform/store/sql.js';
import { POLICY } from '../../support/lifecycle.js';

export interface InstanceOptions {
  clock: () => Date;
  roster: Pick<OperatorIndex, 'nearest'>;
  refunder: Refunder;
  policy?: Partial<LifePolicy>;
  retryMs?: number;
  radiusMetres?: number;
  /** 'at once': what follows a change runs straight away, as the service runs it; else it is left to the timers. */
  followUps?: 'at once' | 'timers only';
  /** The timers' lease (their default otherwise). */
  leaseMs?: number;
  refundDeadlineMs?: number;
}

// Distance as the crow flies at 30 km/h: what the operator's approach is estimated as here.
const legs: LegEstimator = (from, to) => {
  const metres = Math.round(Math.hypot(from.latitude - to.latitude, from.longitude - to.longitude) * 111_000);
  return { distanceMetres: metres, durationSeconds: Math.round(metres / 8.3), source: 'great_circle' } as never;
};

/**
 * One instance of the service's order life over a store, as compose-lifecycle.ts wires it, with
 * the test's clock, roster and refund provider. `settled()` waits for the follow-ups it started.
 */
export function lifeInstance(sql: Sql, options: InstanceOptions) {
  const { clock } = options;
  const policy = { ...POLICY, ...options.policy };
  const problems: { problem: string; detail: Record<string, unknown> }[] = [];
  const onProblem = (problem: string, detail: Record<string, unknown>) => void problems.push({ problem, detail });
  const inFlight = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const settled = work.catch((err: unknown) => onProblem('a follow-up failed', { err })).finally(() => inFlight.delete(settled));
    inFlight.add(settled);
  };

  const store = createLifecycleStore(sql);
  const refund = createRefunds({
    store: createRefundStore(sql),
    payments: options.refunder,
    clock,
    deadlineMs: options.refundDeadlineMs ?? 5_000,
    onProblem,
  });
  const atOnce = options.followUps !== 'timers only';
  const after: AfterChange = {
    dispatch: (order) => atOnce && track(dispatch.dispatch(order)),
    refund: (id) => atOnce && track(refund(id)),
    voidLink: () => {},
  };
  const lifecycle = createLifecycle({ store, policy, clock, after });
  const dispatch = createDispatch({
    store: createDispatchStore(sql),
    orders: store,
    roster: options.roster,
    policy: { radiusMetres: options.radiusMetres ?? 25_000, offerTimeoutMs: policy.offerTimeoutMs, retryMs: options.retryMs ?? 10_000 },
    clock,
  });
  const timers = createTimers({
    store: createTimerStore(sql),
    lifecycle,
    dispatch: dispatch.dispatch,
    refund,
    clock,
    onProblem,
    ...(options.leaseMs === undefined ? {} : { leaseMs: options.leaseMs }),
  });
  const operators = createOperatorStore(sql);
  const moveStore = createPartnerMoveStore(sql);
  // Moves are recorded in the background: each is counted from its look-up of the operator's
  // order to its record, so that the test can wait for them with the other follow-ups.
  let movesUnderWay = 0;
  const countedMoves: PartnerMoveStore = {
    async currentOrderOf(id) {
      movesUnderWay++;
      const order = await moveStore.currentOrderOf(id).catch((err: unknown) => {
        movesUnderWay--;
        throw err;
      });
      if (!order) movesUnderWay--;
      return order;
    },
    record: (...args) => moveStore.record(...args).finally(() => movesUnderWay--),
  };
  const partnerMoves = createPartnerMoves({ store: countedMoves, legs, clock, minIntervalMs: 0, onProblem });

  return {
    store,
    lifecycle,
    dispatch,
    timers,
    refund,
    payments: createOrderPayments({ lifecycle, store, clock }),
    operations: createLifeOperations({ lifecycle, dispatch, findOperator: (id) => operators.findById(id), legs }),
    operators,
    partnerMoves,
    problems,
    async settled(): Promise<void> {
      while (inFlight.size || movesUnderWay) {
        await Promise.all(inFlight);
        if (movesUnderWay) await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

export type LifeInstance = ReturnType<typeof lifeInstance>;
