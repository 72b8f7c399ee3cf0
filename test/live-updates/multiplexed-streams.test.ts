import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrontedService } from '../support/fronted-service.js';
import { signTestToken } from '../support/service.js';
import { TRANSPORTS, type TransportClient } from './clients.js';
import { readStream } from './event-source.js';
import { newOrder, offeredOperator, ORDER_UPDATED, pay, startLiveService, watch } from './support.js';

// Subscribers in GraphQL over SSE's distinct connections mode that ask the same with the same
// token share one operation (src/graphql/fast-stream.ts): each must still get what its own would.
const DISTINCT = TRANSPORTS[0]!;

let service: FrontedService;
beforeAll(async () => {
  service = await startLiveService({ env: { SUBSCRIPTION_KEEP_ALIVE_MS: '1000' } });
});
afterAll(() => service?.close());

const clients: TransportClient[] = [];
const connect = (token: string) => {
  const client = DISTINCT.connect(service.base!, token);
  clients.push(client);
  return client;
};
afterAll(() => Promise.all(clients.map((c) => c.dispose())));

/** How many times a watch sent a change it heard of: once per watch, however many it serves. */
const watchSends = async () =>
  (await service.metrics.registry.getSingleMetric('orders_event_fanout_seconds')!.get()).values.find(
    (v) => (v as { metricName?: string }).metricName === 'orders_event_fanout_seconds_count',
  )?.value ?? 0;

const liveSse = async () =>
  (await service.metrics.registry.getSingleMetric('orders_live_subscriptions')!.get()).values.find((v) => v.labels.transport === 'sse')?.value ?? 0;

describe('subscribers asking the same with the same token', () => {
  it('when a second one joins, then it gets the order as last sent first, then every change, and goes on when the first leaves', async () => {
    const order = await newOrder(service);
    const before = await liveSse();
    const first = watch(connect(service.token), order.id);
    await expect.poll(first.steps).toEqual(['PENDING_PAYMENT']);
    const second = watch(connect(service.token), order.id);
    await expect.poll(second.steps).toEqual(['PENDING_PAYMENT']);
    await expect.poll(liveSse).toBe(before + 2);

    const sends = await watchSends();
    await pay(order);
    await expect.poll(first.steps).toEqual(['PENDING_PAYMENT', 'PENDING_PARTNER']);
    await expect.poll(second.steps).toEqual(['PENDING_PAYMENT', 'PENDING_PARTNER']);
    // One watch served both.
    expect(await watchSends()).toBe(sends + 1);

    first.stop();
    await expect.poll(liveSse).toBe(before + 1);
    const operator = await offeredOperator(service, order.id);
    await service.lifecycle.operations.acceptOffer(operator, String(order.id));
    await expect.poll(second.steps).toEqual(['PENDING_PAYMENT', 'PENDING_PARTNER', 'PARTNER_START_ORDER']);
    expect(second.orders().at(-1)).toMatchObject({ partner: { id: operator } });
    expect(first.steps()).toHaveLength(2);
    expect([...first.codes(), ...second.codes()]).toEqual([]);

    second.stop();
    await expect.poll(liveSse).toBe(before);
  });

  it('when another subject asks the same of an order its owner watches, then it gets ORDER_NOT_FOUND, never the order', async () => {
    const order = await newOrder(service);
    const owner = watch(connect(service.token), order.id);
    await expect.poll(owner.steps).toEqual(['PENDING_PAYMENT']);

    const stranger = watch(connect(await signTestToken({ sub: 'someone-else' })), order.id);

    await expect.poll(stranger.codes).toEqual(['ORDER_NOT_FOUND']);
    expect(stranger.orders()).toEqual([]);
    await pay(order);
    await expect.poll(owner.steps).toEqual(['PENDING_PAYMENT', 'PENDING_PARTNER']);
    expect(stranger.orders()).toEqual([]);
    owner.stop();
  });

  it('when the same token asks with other variables, then each gets its own order', async () => {
    const [a, b] = [await newOrder(service), await newOrder(service)];
    const client = connect(service.token);
    const [watchA, watchB] = [watch(client, a.id), watch(client, b.id)];
    await expect.poll(() => [watchA.orders().map((o) => o.id), watchB.orders().map((o) => o.id)]).toEqual([[String(a.id)], [String(b.id)]]);

    await pay(b);
    await expect.poll(watchB.steps).toEqual(['PENDING_PAYMENT', 'PENDING_PARTNER']);
    expect(watchA.steps()).toEqual(['PENDING_PAYMENT']);
    watchA.stop();
    watchB.stop();
  });
});

describe('a quiet stream of the distinct connections mode', () => {
  it('when nothing changes, then it sends a keep-alive comment every SUBSCRIPTION_KEEP_ALIVE_MS', async () => {
    const order = await newOrder(service);
    const stream = readStream(
      await fetch(`${service.base}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${service.token}`, accept: 'text/event-stream', 'content-type': 'application/json' },
        body: JSON.stringify({ query: ORDER_UPDATED, variables: { id: String(order.id) } }),
      }),
    );

    await expect.poll(() => stream.events('next').length).toBe(1);
    // The body opens with one; then one a second (the setting here).
    await expect.poll(() => stream.comments(), { timeout: 8_000 }).toBeGreaterThanOrEqual(4);
    expect(stream.events('next')).toHaveLength(1);
    await stream.close();
  });
});
