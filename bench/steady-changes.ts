import { setTimeout as sleep } from 'node:timers/promises';
import type { ServiceClient } from './client.js';

const PAUSE = 'mutation($orderId: ID!){ pauseOrder(input: { orderId: $orderId }){ __typename ... on Error { code } } }';
const RESUME = 'mutation($orderId: ID!){ resumeOrder(input: { orderId: $orderId }){ __typename ... on Error { code } } }';

/** `count` towing orders of `owner`, paid, each waiting for an operator. */
export async function paidOrders(client: ServiceClient, owner: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const order = await client.createOrder(owner);
    await client.pay(order);
    ids.push(order.id);
  }
  for (const id of ids) await client.waitFor(owner, id, 'PENDING_PARTNER');
  return ids;
}

/**
 * Each order paused and resumed in turn for `ms`, one change in flight per order: on a steady beat
 * of `perSecond` changes a second over all the orders (a service slower than the beat gets
 * fewer), or as fast as the service answers when `perSecond` is null; answers each order's count.
 */
export async function changeOrders(client: ServiceClient, platform: string, orders: number[], ms: number, perSecond: number | null): Promise<number[]> {
  if (perSecond !== null && !(perSecond > 0)) throw new Error(`a beat of ${perSecond} changes a second changes nothing`);
  const interval = perSecond === null ? 0 : (1000 * orders.length) / perSecond;
  const start = performance.now();
  const end = start + ms;
  return Promise.all(
    orders.map(async (orderId, i) => {
      // Spread over the beat, so that the changes come steadily rather than all at once.
      let due = start + (interval * i) / orders.length;
      let made = 0;
      while (due < end && performance.now() < end) {
        if (interval > 0) await sleep(Math.max(0, due - performance.now()));
        const [field, query] = made % 2 === 0 ? ['pauseOrder', PAUSE] : ['resumeOrder', RESUME];
        await client.mutate(platform, field, query, { orderId: String(orderId) });
        made += 1;
        due += interval;
      }
      // Left as it was found: waiting for an operator.
      if (made % 2 === 1) await client.mutate(platform, 'resumeOrder', RESUME, { orderId: String(orderId) });
      return made + (made % 2);
    }),
  );
}
