import { anyInstance, between, count, request, SECOND, type Sim, type SimOrder } from './context.js';
import type { SimOperators } from './operators.js';

/**
 * The operators' apps: each offer waiting is seen once and answered by its operator, or not.
 * Most accept, some decline, some leave it to expire; a busy operator lets it go by.
 */
export function offerAnswers(sim: Sim, operators: Pick<SimOperators, 'isBusy' | 'took'>) {
  const seen = new Set<string>();

  async function decline(operatorId: string, order: SimOrder): Promise<void> {
    await request(sim, 'operator declines', () => anyInstance(sim).operations.declineOffer(operatorId, String(order.id)), ['OFFER_UNAVAILABLE']);
  }

  async function accept(operatorId: string, order: SimOrder): Promise<void> {
    if (operators.isBusy(operatorId)) return void count(sim, 'offer forgotten by a busy operator');
    const taken = await request(sim, 'operator accepts', () => anyInstance(sim).operations.acceptOffer(operatorId, String(order.id)), [
      'OFFER_UNAVAILABLE',
    ]);
    if (taken?.changed) operators.took(operatorId, order);
  }

  /** The offers waiting now, each answered (or not) by its operator once. */
  return async function answerOffers(orders: Map<number, SimOrder>): Promise<void> {
    const { rows } = await sim.sql.query<{ order_id: unknown; operator_id: string }>(
      'select order_id, operator_id from order_offers where outcome is null and expires_at > $1',
      [sim.clock.now().toISOString()],
    );
    for (const row of rows) {
      const key = `${String(row.order_id)} ${row.operator_id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const order = orders.get(Number(row.order_id))!;
      const roll = sim.random();
      if (roll < 0.15 || operators.isBusy(row.operator_id)) count(sim, 'offer left to expire');
      else if (roll < 0.3) sim.clock.after(between(sim, 3 * SECOND, 25 * SECOND), () => decline(row.operator_id, order));
      // Some answer after the offer's 30 s (ticks are 10 s apart): too late.
      else sim.clock.after(between(sim, 3 * SECOND, 25 * SECOND), () => accept(row.operator_id, order));
    }
  };
}
