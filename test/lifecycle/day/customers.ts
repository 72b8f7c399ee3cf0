import type { ServiceCode } from '../../../src/orders/domain/order.js';
import { createOrderStore } from '../../../src/orders/store/order-store.js';
import { newOrder } from '../../support/new-order.js';
import { anyInstance, between, chance, count, MINUTE, request, SECOND, type Sim, type SimOrder } from './context.js';
import { somewhere, type SimOperators } from './operators.js';
import type { SimPlatform } from './platform.js';

const LINK_VALID_MS = 30 * MINUTE;

/**
 * The integrating applications' customers: each asks for help once, and then pays (sometimes
 * the notification comes twice), calls it off before or after paying, never pays, or pays
 * after the link expired and the order was cancelled.
 */
export function customersOf(sim: Sim, operators: SimOperators, platform: SimPlatform) {
  const orders = new Map<number, SimOrder>();
  const store = createOrderStore(sim.sql);

  async function ask(k: number): Promise<void> {
    const now = sim.clock.now();
    const total = Math.round(between(sim, 20_000, 90_000));
    const partner = Math.round(total * 0.85);
    const draft = newOrder({
      ownerSubject: `app-${k % 40}`,
      serviceCode: (1 + Math.floor(sim.random() * 3)) as ServiceCode,
      origin: somewhere(sim),
      destination: somewhere(sim),
      amounts: { total, partner, platform: total - partner },
      createdAt: now,
      updatedAt: now,
      paymentExpiresAt: new Date(now.getTime() + LINK_VALID_MS),
    });
    const stored = await store.insert(draft);
    const order: SimOrder = { id: stored.id, owner: draft.ownerSubject, reference: stored.paymentReference, total, serviceCode: draft.serviceCode, origin: draft.origin, destination: draft.destination };
    orders.set(order.id, order);
    count(sim, 'order placed');
    const roll = sim.random();
    if (roll < 0.8) sim.clock.after(between(sim, 10 * SECOND, 5 * MINUTE), () => pay(order));
    else if (roll < 0.86) {
      sim.clock.after(between(sim, MINUTE, 10 * MINUTE), () => callOff(order));
      // Some had paid already: the payment is notified after the cancel.
      if (chance(sim, 0.3)) sim.clock.after(between(sim, 11 * MINUTE, 15 * MINUTE), () => pay(order));
    }
    else if (roll < 0.97) count(sim, 'order never paid');
    else sim.clock.after(LINK_VALID_MS + 15 * MINUTE, () => pay(order));
  }

  async function pay(order: SimOrder): Promise<void> {
    const paid = { amount: order.total, currency: 'CLP', providerPaymentId: `mp-${order.id}` };
    const outcome = await request(sim, 'payment notified', () => anyInstance(sim).payments.markPaid(order.reference, paid, sim.clock.now()), []);
    count(sim, `payment ${outcome}`);
    if (outcome !== 'applied') return;
    if (chance(sim, 0.03)) sim.clock.after(5 * SECOND, () => pay(order));
    if (chance(sim, 0.12)) sim.clock.after(between(sim, 0, 60 * MINUTE), () => callOff(order));
    platform.paid(order);
  }

  async function callOff(order: SimOrder): Promise<void> {
    const cancelled = await request(
      sim,
      'owner cancels',
      () => anyInstance(sim).operations.cancelByOwner(order.owner, String(order.id), 'no longer needed'),
      ['INVALID_TRANSITION'],
    );
    if (cancelled?.changed) operators.released(order.id);
  }

  return { orders, ask };
}
