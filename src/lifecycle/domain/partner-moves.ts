import type { LegEstimator } from '../../orders/domain/routing.js';
import type { Point } from '../../orders/domain/order.js';
import { APPROACHING, type Step } from './steps.js';

export interface PartnerOrder {
  orderId: number;
  step: Step;
  origin: Point;
}

export interface PartnerMoveStore {
  /** The order the operator is on, if any. */
  currentOrderOf(operatorId: string): Promise<PartnerOrder | null>;
  /**
   * Records the move as a change of the order (its event `partner_moved`), with the approach
   * re-estimated when given; only while the operator is still on it. Answers the event's seq.
   */
  record(orderId: number, operatorId: string, approach: { distanceMetres: number; durationSeconds: number } | null, at: Date): Promise<number | null>;
}

export interface PartnerMovesDeps {
  store: PartnerMoveStore;
  legs: LegEstimator;
  clock: () => Date;
  /** At most one recorded move per order in this span; the last position wins. */
  minIntervalMs: number;
  onProblem?: (problem: string, detail: Record<string, unknown>) => void;
}

/**
 * An operator on an order reports its position as it moves: the order's partnerDistance and
 * partnerDuration are estimated again from there (through the routing port, with its fallback),
 * and watchers are told. Reports come every few seconds from a phone; they are coalesced to one
 * change a `minIntervalMs` per order, the latest position winning.
 */
export function createPartnerMoves(deps: PartnerMovesDeps) {
  const { store, clock, minIntervalMs } = deps;
  const pending = new Map<string, { position: Point; timer: NodeJS.Timeout | null; lastAt: number }>();

  async function record(operatorId: string, position: Point): Promise<void> {
    const order = await store.currentOrderOf(operatorId);
    if (!order) return;
    const approach = APPROACHING.includes(order.step) ? await deps.legs(position, order.origin) : null;
    await store.record(order.orderId, operatorId, approach, clock());
  }

  function flush(operatorId: string): void {
    const entry = pending.get(operatorId);
    if (!entry) return;
    entry.timer = null;
    entry.lastAt = clock().getTime();
    record(operatorId, entry.position).catch((err: unknown) => deps.onProblem?.('recording a partner move failed', { operator: operatorId, err }));
  }

  /** The operator moved to `position` (already written to the roster). */
  function moved(operatorId: string, position: Point): void {
    const now = clock().getTime();
    const entry = pending.get(operatorId) ?? { position, timer: null, lastAt: 0 };
    entry.position = position;
    pending.set(operatorId, entry);
    if (entry.timer) return;
    const wait = entry.lastAt + minIntervalMs - now;
    if (wait <= 0) return flush(operatorId);
    entry.timer = setTimeout(flush, wait, operatorId);
    entry.timer.unref();
  }

  /** Stops the coalescing timers, dropping moves not yet recorded (the roster has the position). */
  function stop(): void {
    for (const entry of pending.values()) if (entry.timer) clearTimeout(entry.timer);
    pending.clear();
  }

  return { moved, stop };
}
