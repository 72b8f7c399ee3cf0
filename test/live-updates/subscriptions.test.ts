import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FrontedService } from '../support/fronted-service.js';
import { signTestToken } from '../support/service.js';
import { shortLivedToken, TRANSPORTS, type TransportClient } from './clients.js';
import { readStream } from './event-source.js';
import { newOrder, offeredOperator, operatorToken, pay, startLiveService, watch } from './support.js';

let service: FrontedService;
beforeAll(async () => {
  // No tolerance past `exp`: a token's stream ends when the token says.
  service = await startLiveService({ env: { AUTH_CLOCK_TOLERANCE_SECONDS: '0', SUBSCRIPTION_KEEP_ALIVE_MS: '1000' } });
});
afterAll(() => service?.close());

describe.each(TRANSPORTS)('orderUpdated over $name', (transport) => {
  const clients: TransportClient[] = [];
  const connect = (token: string | null) => {
    const client = transport.connect(service.base!, token);
    clients.push(client);
    return client;
  };
  afterAll(() => Promise.all(clients.map((c) => c.dispose())));

  it('when the owner subscribes, then the order as it is now comes first, then each change in order', async () => {
    const order = await newOrder(service);
    const updates = watch(connect(service.token), order.id);
    await expect.poll(updates.steps).toEqual(['PENDING_PAYMENT']);

    await pay(order);
    await expect.poll(updates.steps).toEqual(['PENDING_PAYMENT', 'PENDING_PARTNER']);
    const operator = await offeredOperator(service, order.id);
    await service.lifecycle.operations.acceptOffer(operator, String(order.id));
    await expect.poll(updates.steps).toHaveLength(3);
    for (const step of ['partner_going_to_origin', 'partner_in_origin', 'partner_going_to_destination', 'finished'] as const) {
      const before = updates.steps().length;
      await service.lifecycle.operations.advance(operator, String(order.id), step);
      await expect.poll(() => updates.steps().length).toBe(before + 1);
    }

    expect(updates.steps()).toEqual([
      'PENDING_PAYMENT',
      'PENDING_PARTNER',
      'PARTNER_START_ORDER',
      'PARTNER_GOING_TO_ORIGIN',
      'PARTNER_IN_ORIGIN',
      'PARTNER_GOING_TO_DESTINATION',
      'FINISHED',
    ]);
    expect(updates.orders().map((o) => o.id)).toEqual(Array(7).fill(String(order.id)));
    expect(updates.orders().at(-1)).toMatchObject({ paymentStatus: 'PAID', partner: { id: operator } });
    expect(updates.codes()).toEqual([]);
    updates.stop();
  });

  it('when another subject subscribes to the order, then it gets ORDER_NOT_FOUND and never the order', async () => {
    const order = await newOrder(service);

    const stranger = watch(connect(await signTestToken({ sub: 'someone-else' })), order.id);

    await expect.poll(stranger.codes).toEqual(['ORDER_NOT_FOUND']);
    expect(stranger.orders()).toEqual([]);
    await expect.poll(() => stranger.state.completed).toBe(true);
  });

  it('when the operator on the order subscribes, then it follows the order, and another operator gets ORDER_NOT_FOUND', async () => {
    const order = await newOrder(service);
    await pay(order);
    const operator = await offeredOperator(service, order.id);
    const notYet = watch(connect(await operatorToken(operator)), order.id);
    await expect.poll(notYet.codes).toEqual(['ORDER_NOT_FOUND']);
    await service.lifecycle.operations.acceptOffer(operator, String(order.id));

    const assigned = watch(connect(await operatorToken(operator)), order.id);
    const other = watch(connect(await operatorToken('demo-999')), order.id);
    await expect.poll(assigned.steps).toEqual(['PARTNER_START_ORDER']);
    await service.lifecycle.operations.advance(operator, String(order.id), 'partner_going_to_origin');

    await expect.poll(assigned.steps).toEqual(['PARTNER_START_ORDER', 'PARTNER_GOING_TO_ORIGIN']);
    await expect.poll(other.codes).toEqual(['ORDER_NOT_FOUND']);
    expect(other.orders()).toEqual([]);
    assigned.stop();
  });

  it('when the token expires during the subscription, then the stream ends with an UNAUTHENTICATED error', async () => {
    const order = await newOrder(service);
    const updates = watch(connect(await shortLivedToken(2)), order.id);
    await expect.poll(updates.steps).toEqual(['PENDING_PAYMENT']);

    await expect.poll(updates.codes, { timeout: 10_000 }).toEqual(['UNAUTHENTICATED']);
    await expect.poll(() => updates.state.completed).toBe(true);
    expect(updates.steps()).toEqual(['PENDING_PAYMENT']);
  });

  it('when a subscriber comes back after missing changes, then it gets the order as it is now at once', async () => {
    const order = await newOrder(service);
    const first = watch(connect(service.token), order.id);
    await expect.poll(first.steps).toEqual(['PENDING_PAYMENT']);
    first.stop();

    await pay(order);
    await expect.poll(async () => (await service.lifecycle.lifecycle.load(order.id))?.step).toBe('pending_partner');
    const again = watch(connect(service.token), order.id);

    await expect.poll(again.steps).toEqual(['PENDING_PARTNER']);
    again.stop();
  });

  it('when the id is not an order id, then the subscription is refused with INVALID_INPUT', async () => {
    const updates = watch(connect(service.token), 'not-a-number');

    // Over HTTP the refusal comes before any stream: an answer 400, its body the error.
    const refusal = () => updates.codes()[0] ?? (updates.state.error as { response?: Response } | undefined)?.response?.status;
    await expect.poll(refusal).toBe(transport.name.includes('WebSocket') ? 'INVALID_INPUT' : 400);
    expect(updates.orders()).toEqual([]);
  });
});

describe('refused subscribers', () => {
  it('when a WebSocket connects without a token, then it is closed with 4401; with a bad one, 4403', async () => {
    const ws = TRANSPORTS.find((t) => t.name.includes('WebSocket'))!;
    const closeCodeOf = async (token: string | null) => {
      const client = ws.connect(service.base!, token);
      const updates = watch(client, 1);
      await expect.poll(() => updates.state.error).toBeDefined();
      await client.dispose();
      return (updates.state.error as { code: number }).code;
    };

    expect(await closeCodeOf(null)).toBe(4401);
    expect(await closeCodeOf('not-a-token')).toBe(4403);
    expect(await closeCodeOf(await signTestToken({}, 'another-secret-of-at-least-thirty-two-bytes'))).toBe(4403);
  });

  it('when a WebSocket asks for another path, then the upgrade is answered 404 and the connection closed', async () => {
    const socket = new WebSocket(`${service.base!.replace(/^http/, 'ws')}/elsewhere`, 'graphql-transport-ws');
    socket.on('error', () => {});

    const status = await new Promise<number>((resolve) => socket.on('unexpected-response', (_req, res) => resolve(res.statusCode!)));

    expect(status).toBe(404);
  });

  it('when a subscription over SSE comes without a valid token, then it is refused 401 UNAUTHENTICATED', async () => {
    const subscribe = (headers: Record<string, string>) =>
      fetch(`${service.base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
        body: JSON.stringify({ query: 'subscription { orderUpdated(id: "1") { id } }' }),
      });
    const reserve = (headers: Record<string, string>) => fetch(`${service.base}/graphql`, { method: 'PUT', headers });

    const answers = [await subscribe({}), await subscribe({ authorization: 'Bearer nope' }), await reserve({})];

    expect(answers.map((a) => a.status)).toEqual([401, 401, 401]);
    for (const answer of answers) expect(await answer.text()).toContain('UNAUTHENTICATED');
  });

  it('when a stream reserved by one subject is used by another, then it is not found', async () => {
    const reserved = await fetch(`${service.base}/graphql`, { method: 'PUT', headers: { authorization: `Bearer ${service.token}` } });
    const token = await reserved.text();
    const stranger = `Bearer ${await signTestToken({ sub: 'someone-else' })}`;

    const opened = await fetch(`${service.base}/graphql`, {
      headers: { authorization: stranger, accept: 'text/event-stream', 'x-graphql-event-stream-token': token },
    });

    expect(reserved.status).toBe(201);
    expect(opened.status).toBe(404);
  });
});

describe('a quiet stream', () => {
  it('when a reserved stream has nothing to say, then it sends a keep-alive comment every SUBSCRIPTION_KEEP_ALIVE_MS', async () => {
    const authorization = `Bearer ${service.token}`;
    const token = await (await fetch(`${service.base}/graphql`, { method: 'PUT', headers: { authorization } })).text();
    // graphql-sse's own comments come every 12 s; these come from the setting (1 s here).
    const stream = readStream(
      await fetch(`${service.base}/graphql`, { headers: { authorization, accept: 'text/event-stream', 'x-graphql-event-stream-token': token } }),
    );

    await expect.poll(() => stream.comments(), { timeout: 8_000 }).toBeGreaterThanOrEqual(3);
    await stream.close();
  });
});

describe('what the metrics say of live updates', () => {
  it('when subscriptions are open and changes are sent, then they are counted by transport and by type, and timed', async () => {
    const order = await newOrder(service);
    const clients = [TRANSPORTS[0]!, TRANSPORTS[2]!].map((t) => t.connect(service.base!, service.token));
    const updates = clients.map((c) => watch(c, order.id));
    for (const u of updates) await expect.poll(u.steps).toEqual(['PENDING_PAYMENT']);
    const metric = async (name: string) => (await service.metrics.registry.getSingleMetric(name)!.get()).values;

    await pay(order);
    for (const u of updates) await expect.poll(u.steps).toEqual(['PENDING_PAYMENT', 'PENDING_PARTNER']);

    const live = await metric('orders_live_subscriptions');
    expect(live.find((v) => v.labels.transport === 'sse')?.value).toBeGreaterThanOrEqual(1);
    expect(live.find((v) => v.labels.transport === 'ws')?.value).toBeGreaterThanOrEqual(1);
    expect((await metric('orders_events_published_total')).find((v) => v.labels.type === 'paid')?.value).toBeGreaterThanOrEqual(1);
    expect((await metric('orders_event_fanout_seconds')).find((v) => (v as { metricName?: string }).metricName === 'orders_event_fanout_seconds_count')?.value).toBeGreaterThanOrEqual(2);
    for (const u of updates) u.stop();
    await Promise.all(clients.map((c) => c.dispose()));
  });
});
