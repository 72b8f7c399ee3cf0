import { TIMER } from '../../orders/domain/actors.js';
import type { Dispatch } from './dispatch.js';
import { InvalidTransitionError } from './errors.js';
import { OrderNotFoundError } from '../../platform/errors.js';
import type { Lifecycle } from './lifecycle.js';
import type { DueTimer, TimerStore } from './ports.js';

export interface TimersDeps {
  store: TimerStore;
  lifecycle: Lifecycle;
  dispatch: Dispatch['dispatch'];
  refund: (orderId: number) => Promise<'refunded' | 'nothing_due' | 'failed'>;
  clock: () => Date;
  onProblem?: (problem: string, detail: Record<string, unknown>) => void;
  /** How long a claimed timer is kept from other instances (LEASE_MS unless said). */
  leaseMs?: number;
}

const BATCH = 32;
// Longer than any one timer's work (a refund's call to the provider included): a timer is not
// taken twice while it runs, and is taken again this long after an instance died running it.
const LEASE_MS = 60_000;
// A failed run (a provider or the store down) is retried from 5 s, doubling, to 10 minutes apart.
const backoffMs = (attempts: number) => Math.min(600_000, 5_000 * 2 ** Math.max(0, attempts - 1));

/**
 * The service's own timers, kept in the store: the next offer of an order (or its current
 * offer's expiry), giving up on an order nobody takes, closing a finished order, and a refund
 * to make or retry. Any instance runs them; each is taken by one.
 */
export function createTimers(deps: TimersDeps) {
  const { store, lifecycle, clock } = deps;
  const leaseMs = deps.leaseMs ?? LEASE_MS;

  async function runOne(timer: DueTimer): Promise<void> {
    const { orderId, kind } = timer;
    try {
      if (kind === 'dispatch') {
        const outcome = await deps.dispatch(orderId);
        if (outcome.kind === 'not_dispatching') await store.clear(orderId, kind);
      } else if (kind === 'give_up') {
        await lifecycle.move(orderId, 'give_up', TIMER, { reason: 'no_operator' });
      } else if (kind === 'close') {
        await lifecycle.move(orderId, 'close', TIMER, { reason: 'finished_long_enough' });
      } else {
        const outcome = await deps.refund(orderId);
        if (outcome === 'failed') await store.retryAt(orderId, kind, new Date(clock().getTime() + backoffMs(timer.attempts)));
        if (outcome === 'nothing_due') await store.clear(orderId, kind);
      }
    } catch (error) {
      // The order moved on (cancelled, say) before its timer ran: the timer has nothing to do.
      if (error instanceof InvalidTransitionError || error instanceof OrderNotFoundError) return store.clear(orderId, kind);
      deps.onProblem?.('an order timer failed; retried later', { order: orderId, timer: kind, err: error });
      await store.retryAt(orderId, kind, new Date(clock().getTime() + backoffMs(timer.attempts))).catch(() => undefined);
    }
  }

  /** Runs the timers due now, a batch at a time. */
  async function runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      const due = await store.claimDue(clock(), BATCH, leaseMs);
      await Promise.all(due.map(runOne));
      ran += due.length;
      if (due.length < BATCH) return ran;
    }
  }

  return { runDue };
}
