import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CreateWebhookEndpointMutation, WebhookDeliveriesQuery } from '../generated/operations.js';
import { startFakeServer, type Handler, type RecordedRequest } from '../support/fakes/fake-server.js';
import type { TestService } from '../support/service.js';
import {
  appendEvent,
  bearer,
  CREATE_WEBHOOK_ENDPOINT,
  deliverNow,
  fakeClock,
  forgetEndpoints,
  gqlData,
  placeOrder,
  startHooksService,
  verified,
  WEBHOOK_DELIVERIES,
} from './support.js';

const time = fakeClock();
let service: TestService;
beforeAll(async () => {
  service = await startHooksService({ clock: time.clock });
});
afterAll(() => service.close());

// Each test's receiver: answers 204 unless the test gives it another way to answer.
let receivers: Awaited<ReturnType<typeof startFakeServer>>[] = [];
afterEach(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
  await forgetEndpoints(service.sql);
});
async function receiver(answer: Handler = (_req, res) => res.writeHead(204).end()) {
  const started = await startFakeServer(answer);
  receivers.push(started);
  return started;
}

async function register(url: string, events?: string[]) {
  const { createWebhookEndpoint: result } = await gqlData<CreateWebhookEndpointMutation>(service, CREATE_WEBHOOK_ENDPOINT, {
    input: { url, events },
  });
  if (result.__typename !== 'CreateWebhookEndpointSuccess') throw new Error(result.__typename);
  return result.endpoint;
}

async function deliveriesOf(endpointId: string) {
  const { webhookDeliveries: result } = await gqlData<WebhookDeliveriesQuery>(service, WEBHOOK_DELIVERIES, { endpointId });
  if (result.__typename !== 'WebhookDeliveriesSuccess') throw new Error(result.__typename);
  return result.deliveries;
}

const typesOf = (secret: string, requests: RecordedRequest[]) => requests.map((r) => verified(secret, r).type);
const PAID = { status: 'pending', pendingStatus: 'pending_partner' };
const ASSIGNED = { status: 'pending', pendingStatus: 'partner_start_order' };

describe('a delivery', () => {
  it('when an order is created, then its endpoint gets order.created, signed, with the order as REST shows it', async () => {
    const hook = await receiver();
    const endpoint = await register(`${hook.url}/hooks?source=orders`);
    const order = await placeOrder(service);

    await deliverNow(service);

    expect(hook.requests).toHaveLength(1);
    const [request] = hook.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/hooks?source=orders');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['webhook-id']).toMatch(/^msg_\d+_\d+$/);
    expect(request!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    // The order as REST answered its creation: the same fields, the same values.
    expect(verified(endpoint.secret, request!)).toEqual({ type: 'order.created', timestamp: order.createdAt, data: { order } });
  });

  it('when a change is sent later, then the order says the state of its event, not the state it reached since', async () => {
    const hook = await receiver();
    const endpoint = await register(hook.url, ['order.paid']);
    const order = await placeOrder(service);
    const paidAt = new Date(time.clock().getTime() + 60_000);
    await appendEvent(service.sql, order.id, 'paid', PAID, paidAt);
    await appendEvent(service.sql, order.id, 'assigned', ASSIGNED, new Date(paidAt.getTime() + 60_000));

    await deliverNow(service);

    expect(hook.requests).toHaveLength(1);
    expect(verified(endpoint.secret, hook.requests[0]!)).toMatchObject({
      type: 'order.paid',
      timestamp: paidAt.toISOString(),
      data: { order: { id: order.id, status: 'pending', pendingStatus: 'pending_partner', updatedAt: paidAt.toISOString() } },
    });
  });

  it('when an order is paused and resumed, then both are order.progressed; a partner move and a refund are not sent', async () => {
    const hook = await receiver();
    const endpoint = await register(hook.url);
    const order = await placeOrder(service);
    const at = time.clock();
    await appendEvent(service.sql, order.id, 'paused', { status: 'paused', pendingStatus: null }, at);
    await appendEvent(service.sql, order.id, 'partner_moved', { status: 'paused', pendingStatus: null }, at);
    await appendEvent(service.sql, order.id, 'resumed', ASSIGNED, at);
    await appendEvent(service.sql, order.id, 'cancelled', { status: 'cancelled', pendingStatus: null }, at);
    await appendEvent(service.sql, order.id, 'refunded', { status: 'cancelled', pendingStatus: null }, at);

    await deliverNow(service);

    expect(typesOf(endpoint.secret, hook.requests)).toEqual(['order.created', 'order.progressed', 'order.progressed', 'order.cancelled']);
  });

  it("when another owner's order changes, then nothing is sent to this owner's endpoint", async () => {
    const hook = await receiver();
    await register(hook.url);
    await placeOrder(service, await bearer('someone-else'));

    await deliverNow(service);

    expect(hook.requests).toEqual([]);
  });
});

describe('the metrics', () => {
  it('when deliveries are tried, then each try is counted by what followed it, and the outbox lag is kept', async () => {
    let failures = 1;
    const hook = await receiver((_req, res) => res.writeHead(failures-- > 0 ? 502 : 204).end());
    await register(hook.url);
    await placeOrder(service);
    const count = async (outcome: string) =>
      (await service.metrics.webhookDeliveries.get()).values.find((v) => v.metricName?.endsWith('_count') && v.labels.outcome === outcome)?.value ?? 0;
    const [retried, delivered] = [await count('retried'), await count('delivered')];

    await deliverNow(service);
    time.advance(10_000);
    await deliverNow(service);

    expect(await count('retried')).toBe(retried + 1);
    expect(await count('delivered')).toBe(delivered + 1);
    expect((await service.metrics.webhookOutboxLag.get()).values).toEqual([expect.objectContaining({ value: expect.any(Number) })]);
  });
});

describe('a slow receiver', () => {
  it('when more deliveries to it are due than it has connections, then the rest wait untried, each taken as one is answered', async () => {
    const held: (() => void)[] = [];
    let holding = true;
    const hook = await receiver((_req, res) => (holding ? held.push(() => res.writeHead(204).end()) : res.writeHead(204).end()));
    const endpoint = await register(hook.url);
    for (let i = 0; i < 6; i += 1) await placeOrder(service);

    service.webhooks.wake();
    while (hook.requests.length < 4) await new Promise((resolve) => setTimeout(resolve, 10));
    const leased = await service.sql.query('select id from webhook_deliveries where endpoint_id = $1 and lease is not null', [endpoint.id]);
    expect(leased.rows).toHaveLength(4);

    holding = false;
    held.forEach((answer) => answer());
    await service.webhooks.idle();
    expect(hook.requests).toHaveLength(6);
    expect((await deliveriesOf(endpoint.id)).map((d) => d.status)).toEqual(Array(6).fill('DELIVERED'));
  });
});

describe('a receiver that fails', () => {
  it.each([
    ['answers 503', ((_req, res) => res.writeHead(503).end()) as Handler, 'answered 503'],
    ['never answers', (() => {}) as Handler, 'no answer within'],
    ['cuts the connection', ((_req, res) => res.socket?.destroy()) as Handler, ''],
  ])('when it %s, then the delivery is tried again with the same webhook-id, and the next event waits for it', async (_case, failing, error) => {
    let failures = 1;
    const hook = await receiver((req, res) => (failures-- > 0 ? failing(req, res) : res.writeHead(200).end('ok')));
    const endpoint = await register(hook.url);
    const order = await placeOrder(service);
    await appendEvent(service.sql, order.id, 'paid', PAID, time.clock());

    await deliverNow(service);
    expect(hook.requests).toHaveLength(1);
    const [first] = await deliveriesOf(endpoint.id).then((all) => all.filter((d) => d.type === 'order.created'));
    expect(first).toMatchObject({ status: 'PENDING', attempts: [{ succeeded: false, error: expect.stringContaining(error) }] });
    expect(Date.parse(first!.nextAttemptAt!) - time.clock().getTime()).toBeLessThanOrEqual(10_000);

    time.advance(10_000);
    await deliverNow(service);

    expect(hook.requests).toHaveLength(3);
    expect(hook.requests[1]!.headers['webhook-id']).toBe(hook.requests[0]!.headers['webhook-id']);
    expect(typesOf(endpoint.secret, hook.requests)).toEqual(['order.created', 'order.created', 'order.paid']);
    const deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries.map((d) => [d.type, d.status, d.attempts.length])).toEqual([
      ['order.paid', 'DELIVERED', 1],
      ['order.created', 'DELIVERED', 2],
    ]);
  });

  it("when it fails for about a day, then the delivery fails, and only then does the order's next event go", async () => {
    const hook = await receiver((req, res) => res.writeHead(JSON.parse(req.body).type === 'order.created' ? 500 : 204).end());
    const endpoint = await register(hook.url);
    const order = await placeOrder(service);
    await appendEvent(service.sql, order.id, 'paid', PAID, time.clock());
    const createdOf = async () => (await deliveriesOf(endpoint.id)).find((d) => d.type === 'order.created')!;

    await deliverNow(service);
    for (let created = await createdOf(); created.status === 'PENDING'; created = await createdOf()) {
      expect(typesOf(endpoint.secret, hook.requests)).not.toContain('order.paid');
      time.advance(Date.parse(created.nextAttemptAt!) - time.clock().getTime());
      await deliverNow(service);
    }

    const created = await createdOf();
    expect(created.status).toBe('FAILED');
    expect(created.attempts).toHaveLength(14);
    const tried = Date.parse(created.attempts.at(-1)!.at) - Date.parse(created.attempts[0]!.at);
    expect(tried / 3_600_000).toBeGreaterThan(20);
    expect(tried / 3_600_000).toBeLessThan(30);
    expect(typesOf(endpoint.secret, hook.requests).at(-1)).toBe('order.paid');
    expect((await deliveriesOf(endpoint.id)).find((d) => d.type === 'order.paid')).toMatchObject({ status: 'DELIVERED' });
  });
});
