import { PAYMENT, type Actor } from '../../../src/orders/domain/actors.js';
import type { LifePolicy } from '../../../src/lifecycle/domain/lifecycle.js';
import type { TransitionName } from '../../../src/lifecycle/domain/transitions.js';
import { createOperatorStore } from '../../../src/operators/store/operator-store.js';
import { createOrderStore } from '../../../src/orders/store/order-store.js';
import type { Sql } from '../../../src/platform/store/sql.js';
import { lifecycleOver } from '../../support/lifecycle.js';
import { newOrder } from '../../support/new-order.js';

/** How an order is brought to a step, by legal moves only: `offer` is a dispatch round. */
export type DriveMove = 'offer' | 'cancel by owner' | Exclude<TransitionName, 'cancel'>;

const accepted: DriveMove[] = ['pay', 'offer', 'accept'];
const finishedTowing: DriveMove[] = [...accepted, 'set_out', 'arrive', 'tow', 'finish'];
const finishedOnSite: DriveMove[] = [...accepted, 'set_out', 'arrive', 'finish'];

/** Where an order can be, each reached by one path, for towing and on-site services. */
export const SETUPS: { name: string; towing?: DriveMove[]; onSite?: DriveMove[]; both?: DriveMove[] }[] = [
  { name: 'pending_payment', both: [] },
  { name: 'pending_partner, offered', both: ['pay', 'offer'] },
  { name: 'partner_start_order', both: accepted },
  { name: 'partner_going_to_origin', both: [...accepted, 'set_out'] },
  { name: 'partner_in_origin', both: [...accepted, 'set_out', 'arrive'] },
  // On-site services have no destination leg: this step is towing's alone.
  { name: 'partner_going_to_destination', towing: [...accepted, 'set_out', 'arrive', 'tow'] },
  { name: 'finished', towing: finishedTowing, onSite: finishedOnSite },
  { name: 'paused while offered', both: ['pay', 'offer', 'pause'] },
  { name: 'paused with its operator', both: [...accepted, 'set_out', 'pause'] },
  { name: 'cancelled before payment', both: ['cancel by owner'] },
  { name: 'cancelled after acceptance', both: [...accepted, 'cancel by owner'] },
  { name: 'closed', towing: [...finishedTowing, 'close'], onSite: [...finishedOnSite, 'close'] },
];

const AT = new Date('2026-06-01T08:00:00.000Z');
// Operators are named by case, across benches: a store may serve several.
let cases = 0;

/**
 * A bench for the state machine over a real store: each case gets its own order and its own two
 * operators (A, asked first and so the one offered the order; B, free, holding an offer of
 * another order), so that cases share nothing.
 */
export function transitionBench(sql: Sql, policy: Partial<LifePolicy>) {
  let now = AT;
  let candidates: string[] = [];
  const roster = { nearest: () => candidates.map((id) => ({ id, position: { latitude: 0, longitude: 0 }, distanceMetres: 0 })) };
  const life = lifecycleOver(sql, { clock: () => now, policy, roster });
  const orders = createOrderStore(sql);
  const operators = createOperatorStore(sql);

  const tick = () => (now = new Date(now.getTime() + 1_000));
  const paidFor = (total: number, n: number) => ({ providerPaymentId: `pay-${n}`, amount: total, currency: 'CLP' });

  async function offeredOrder(serviceCode: 1 | 2, operatorId: string, n: number) {
    const order = await orders.insert(newOrder({ serviceCode, createdAt: now, updatedAt: now }));
    await life.lifecycle.move(order.id, 'pay', PAYMENT, { paid: paidFor(order.amounts.total, n) });
    candidates = [operatorId];
    const offer = await life.dispatch.dispatch(order.id);
    if (offer.kind !== 'offered' || offer.operatorId !== operatorId) throw new Error(`no offer to ${operatorId}: ${offer.kind}`);
    return order;
  }

  /** A fresh order of the service, driven along `path`; A and B are its operators. */
  async function prepare(towing: boolean, path: readonly DriveMove[]) {
    const n = ++cases;
    const [a, b] = [`a-${n}`, `b-${n}`];
    const draft = (id: string) => ({ id, name: id, phone: '+56911111111', services: [1, 2] as (1 | 2)[], position: { latitude: 0, longitude: 0 }, onDuty: true });
    await operators.upsertMany([draft(a), draft(b)], now);
    const serviceCode = towing ? 1 : 2;
    await offeredOrder(serviceCode, b, n);
    const order = await orders.insert(newOrder({ serviceCode, createdAt: now, updatedAt: now }));
    const actors = actorsOf(a, order.ownerSubject);
    for (const move of path) {
      tick();
      if (move === 'offer') {
        candidates = [a];
        const offer = await life.dispatch.dispatch(order.id);
        if (offer.kind !== 'offered') throw new Error(`no offer made: ${offer.kind}`);
        continue;
      }
      const [name, actor]: [TransitionName, Actor] = move === 'cancel by owner' ? ['cancel', actors.owner] : [move, driverOf(move, actors)];
      const { changed } = await life.lifecycle.move(order.id, name, actor, name === 'pay' ? { paid: paidFor(order.amounts.total, n) } : {});
      if (!changed) throw new Error(`${move} changed nothing`);
    }
    tick();
    return { id: order.id, total: order.amounts.total, a, b, n, actors };
  }

  return { life, prepare, now: () => now, paidFor };
}

export function actorsOf(operatorId: string, ownerSubject: string) {
  return {
    owner: { kind: 'owner', id: ownerSubject },
    operator: { kind: 'operator', id: operatorId },
    platform: { kind: 'platform', id: 'ops-1' },
    timer: { kind: 'timer', id: null },
    payment: { kind: 'payment', id: null },
  } satisfies Record<Actor['kind'], Actor>;
}

const driverOf = (move: TransitionName, actors: ReturnType<typeof actorsOf>): Actor =>
  move === 'pay' ? actors.payment : ['pause', 'close'].includes(move) ? actors.platform : actors.operator;
