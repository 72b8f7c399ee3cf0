import { anyInstance, between, chance, count, MINUTE, request, SECOND, type Sim, type SimOrder } from './context.js';
import type { SimOperators } from './operators.js';

const DESK = 'ops-desk';

/**
 * The platform's operators at their desk: now and then they pause a paid order and resume it,
 * cancel one, hand one nobody has taken to the nearest free operator, or close a finished one
 * before its timer does.
 */
export function platformOf(sim: Sim, operators: SimOperators) {
  const steer = (order: SimOrder, change: 'pause' | 'resume' | 'close' | 'cancel') =>
    request(sim, `platform ${change}s`, () => anyInstance(sim).operations.byPlatform(DESK, String(order.id), change, 'desk'), [
      'INVALID_TRANSITION',
    ]);

  async function pause(order: SimOrder): Promise<void> {
    const paused = await steer(order, 'pause');
    if (paused?.changed) sim.clock.after(between(sim, 2 * MINUTE, 20 * MINUTE), () => steer(order, 'resume').then(() => {}));
  }

  async function cancel(order: SimOrder): Promise<void> {
    const cancelled = await steer(order, 'cancel');
    if (cancelled?.changed) operators.released(order.id);
  }

  async function assign(order: SimOrder): Promise<void> {
    const now = await anyInstance(sim).lifecycle.load(order.id);
    if (now?.step !== 'pending_partner') return void count(sim, 'platform assigns: not needed');
    const operatorId = operators.freeNear(order);
    if (!operatorId) return void count(sim, 'platform assigns: nobody free');
    const assigned = await request(
      sim,
      'platform assigns',
      () => anyInstance(sim).operations.assign(DESK, String(order.id), operatorId, 'nearest free'),
      ['INVALID_TRANSITION', 'OPERATOR_UNAVAILABLE'],
    );
    if (assigned?.changed) operators.took(operatorId, order);
  }

  return {
    /** What the desk will do to an order just paid, if anything. */
    paid(order: SimOrder): void {
      if (chance(sim, 0.05)) sim.clock.after(between(sim, MINUTE, 40 * MINUTE), () => pause(order));
      if (chance(sim, 0.03)) sim.clock.after(between(sim, 0, 90 * MINUTE), () => cancel(order));
      if (chance(sim, 0.06)) sim.clock.after(between(sim, 20 * SECOND, 2 * MINUTE), () => assign(order));
    },
    finished(order: SimOrder): void {
      if (chance(sim, 0.1)) sim.clock.after(between(sim, 10 * MINUTE, 60 * MINUTE), () => steer(order, 'close').then(() => {}));
    },
  };
}

export type SimPlatform = ReturnType<typeof platformOf>;
