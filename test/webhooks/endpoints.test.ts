import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CreateWebhookEndpointMutation,
  DeleteWebhookEndpointMutation,
  ReplayWebhookDeliveryMutation,
  RotateWebhookSecretMutation,
  WebhookDeliveriesQuery,
  WebhookEndpointsQuery,
} from '../generated/operations.js';
import { startFakeServer } from '../support/fakes/fake-server.js';
import type { TestService } from '../support/service.js';
import {
  appendEvent,
  bearer,
  CREATE_WEBHOOK_ENDPOINT,
  DELETE_WEBHOOK_ENDPOINT,
  deliverNow,
  fakeClock,
  gqlData,
  placeOrder,
  REPLAY_WEBHOOK_DELIVERY,
  ROTATE_WEBHOOK_SECRET,
  startHooksService,
  verified,
  WEBHOOK_DELIVERIES,
  WEBHOOK_ENDPOINTS,
} from './support.js';

const time = fakeClock();
let service: TestService;
let hook: Awaited<ReturnType<typeof startFakeServer>>;
beforeAll(async () => {
  service = await startHooksService({ clock: time.clock });
  hook = await startFakeServer((req, res) => res.writeHead(req.url === '/unavailable' ? 503 : 200).end());
});
afterAll(async () => {
  await hook.close();
  await service.close();
});

// Each test acts for an owner of its own: its endpoints and orders are its alone.
let owners = 0;
const newOwner = () => bearer(`integrator-${++owners}`);

const create = async (auth: string, input: Record<string, unknown>) =>
  (await gqlData<CreateWebhookEndpointMutation>(service, CREATE_WEBHOOK_ENDPOINT, { input }, auth)).createWebhookEndpoint;
async function register(auth: string, url = hook.url) {
  const result = await create(auth, { url });
  if (result.__typename !== 'CreateWebhookEndpointSuccess') throw new Error(result.__typename);
  return result.endpoint;
}
const list = async (auth: string) => (await gqlData<WebhookEndpointsQuery>(service, WEBHOOK_ENDPOINTS, {}, auth)).webhookEndpoints;
const remove = async (auth: string, id: string) =>
  (await gqlData<DeleteWebhookEndpointMutation>(service, DELETE_WEBHOOK_ENDPOINT, { id }, auth)).deleteWebhookEndpoint;
const rotate = async (auth: string, id: string) =>
  (await gqlData<RotateWebhookSecretMutation>(service, ROTATE_WEBHOOK_SECRET, { id }, auth)).rotateWebhookSecret;
const deliveries = async (auth: string, endpointId: string) =>
  (await gqlData<WebhookDeliveriesQuery>(service, WEBHOOK_DELIVERIES, { endpointId }, auth)).webhookDeliveries;
const replay = async (auth: string, id: string) =>
  (await gqlData<ReplayWebhookDeliveryMutation>(service, REPLAY_WEBHOOK_DELIVERY, { id }, auth)).replayWebhookDelivery;
async function deliveryList(auth: string, endpointId: string) {
  const result = await deliveries(auth, endpointId);
  if (result.__typename !== 'WebhookDeliveriesSuccess') throw new Error(result.__typename);
  return result.deliveries;
}
const requestsTo = (path: string) => hook.requests.filter((r) => r.url === path);

describe('registering an endpoint', () => {
  it('when the URL and types are valid, then the endpoint is kept with a whsec_ secret and listed for its owner', async () => {
    const auth = await newOwner();

    const result = await create(auth, { url: `${hook.url}/in`, events: ['order.paid', 'order.created'] });

    expect(result).toMatchObject({
      __typename: 'CreateWebhookEndpointSuccess',
      endpoint: { url: `${hook.url}/in`, events: ['order.created', 'order.paid'], previousSecretExpiresAt: null },
    });
    const endpoint = result.__typename === 'CreateWebhookEndpointSuccess' ? result.endpoint : null;
    expect(Buffer.from(endpoint!.secret.replace(/^whsec_/, ''), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(endpoint!.createdAt).toBe(time.clock().toISOString());
    expect(await list(auth)).toEqual([endpoint]);
  });

  it.each([
    ['an unknown type', { events: ['order.shipped'] }, 'events'],
    ['no type at all', { events: [] }, 'events'],
    ['a URL that is not one', { url: 'hooks' }, 'url'],
    ['a URL with credentials', { url: 'http://user:secret@127.0.0.1:9/' }, 'url'],
  ])('when it names %s, then InvalidInputError names the field and nothing is kept', async (_case, input, field) => {
    const auth = await newOwner();

    const result = await create(auth, Object.assign({ url: hook.url }, input));

    expect(result).toMatchObject({ __typename: 'InvalidInputError', code: 'INVALID_INPUT', field });
    expect(await list(auth)).toEqual([]);
  });

  it('when an owner has 20 endpoints, then a 21st is refused', async () => {
    const auth = await newOwner();
    for (let i = 0; i < 20; i += 1) await register(auth, `${hook.url}/${i}`);

    expect(await create(auth, { url: `${hook.url}/21` })).toMatchObject({ __typename: 'InvalidInputError', field: 'url' });
    expect(await list(auth)).toHaveLength(20);
  });
});

describe("another owner's endpoint", () => {
  it('when another token names it, then it does not exist for that token, and it stays as it was', async () => {
    const owner = await newOwner();
    const stranger = await newOwner();
    const endpoint = await register(owner);
    await placeOrder(service, owner);
    await deliverNow(service);
    const [delivery] = await deliveryList(owner, endpoint.id);

    expect(await list(stranger)).toEqual([]);
    expect(await remove(stranger, endpoint.id)).toMatchObject({ __typename: 'WebhookEndpointNotFoundError', code: 'WEBHOOK_ENDPOINT_NOT_FOUND' });
    expect(await rotate(stranger, endpoint.id)).toMatchObject({ __typename: 'WebhookEndpointNotFoundError' });
    expect(await deliveries(stranger, endpoint.id)).toMatchObject({ __typename: 'WebhookEndpointNotFoundError' });
    expect(await replay(stranger, delivery!.id)).toMatchObject({ __typename: 'WebhookDeliveryNotFoundError', code: 'WEBHOOK_DELIVERY_NOT_FOUND' });
    expect(await list(owner)).toEqual([endpoint]);
  });

  it.each(['abc', '0', '-1', '99999999999999999999'])('when the id is %s, then it names no endpoint', async (id) => {
    const auth = await newOwner();
    expect(await remove(auth, id)).toMatchObject({ __typename: 'WebhookEndpointNotFoundError', endpointId: id });
    expect(await replay(auth, id)).toMatchObject({ __typename: 'WebhookDeliveryNotFoundError', deliveryId: id });
  });
});

describe('replaying a delivery', () => {
  it('when a delivered one is replayed, then it is sent again now with the same webhook-id', async () => {
    const auth = await newOwner();
    const endpoint = await register(auth, `${hook.url}/replay`);
    await placeOrder(service, auth);
    await deliverNow(service);
    const [delivered] = await deliveryList(auth, endpoint.id);

    const replayed = await replay(auth, delivered!.id);
    expect(replayed).toMatchObject({ __typename: 'ReplayWebhookDeliverySuccess', delivery: { status: 'PENDING', nextAttemptAt: time.clock().toISOString() } });
    await deliverNow(service);

    const sent = requestsTo('/replay');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers['webhook-id']).toBe(sent[0]!.headers['webhook-id']);
    expect(verified(endpoint.secret, sent[1]!)).toEqual(verified(endpoint.secret, sent[0]!));
    expect(await deliveries(auth, endpoint.id)).toMatchObject({ deliveries: [{ status: 'DELIVERED', attempts: [{ succeeded: true }, { succeeded: true }] }] });
  });
});

describe('rotating the secret', () => {
  it('when it is rotated, then deliveries carry both signatures during the overlap, and only the new one after it', async () => {
    const auth = await newOwner();
    const endpoint = await register(auth, `${hook.url}/rotate`);
    const rotated = await rotate(auth, endpoint.id);
    if (rotated.__typename !== 'RotateWebhookSecretSuccess') throw new Error(rotated.__typename);
    expect(rotated.endpoint.secret).not.toBe(endpoint.secret);
    expect(rotated.endpoint.previousSecretExpiresAt).toBe(new Date(time.clock().getTime() + 24 * 3_600_000).toISOString());

    const order = await placeOrder(service, auth);
    await deliverNow(service);
    const [during] = requestsTo('/rotate');
    expect(during!.headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    expect(verified(endpoint.secret, during!).type).toBe('order.created');
    expect(verified(rotated.endpoint.secret, during!).type).toBe('order.created');

    time.advance(24 * 3_600_000 + 1);
    await appendEvent(service.sql, order.id, 'paid', { status: 'pending', pendingStatus: 'pending_partner' }, time.clock());
    await deliverNow(service);
    const [, after] = requestsTo('/rotate');
    expect(after!.headers['webhook-signature']).toMatch(/^v1,\S+$/);
    expect(verified(rotated.endpoint.secret, after!).type).toBe('order.paid');
    expect(() => verified(endpoint.secret, after!)).toThrow('No matching signature');
  });
});

describe('deleting an endpoint', () => {
  it('when it is deleted, then it is no longer listed, its pending deliveries fail and nothing more is sent to it', async () => {
    const auth = await newOwner();
    const endpoint = await register(auth, `${hook.url}/unavailable`);
    await placeOrder(service, auth);
    await deliverNow(service);
    const [pending] = await deliveryList(auth, endpoint.id);
    expect(pending).toMatchObject({ status: 'PENDING', attempts: [{ responseStatus: 503 }] });

    expect(await remove(auth, endpoint.id)).toEqual({ __typename: 'DeleteWebhookEndpointSuccess', endpointId: endpoint.id });
    await placeOrder(service, auth);
    time.advance(60_000);
    await deliverNow(service);

    expect(await list(auth)).toEqual([]);
    expect(requestsTo('/unavailable')).toHaveLength(1);
    const { rows } = await service.sql.query('select status, last_error from webhook_deliveries where endpoint_id = $1', [endpoint.id]);
    expect(rows).toEqual([{ status: 'failed', last_error: 'endpoint deleted' }]);
    expect(await remove(auth, endpoint.id)).toMatchObject({ __typename: 'WebhookEndpointNotFoundError' });
  });
});

describe('old deliveries', () => {
  it('when a delivery has been done for more than 30 days, then it is forgotten; a pending one is kept', async () => {
    const auth = await newOwner();
    const done = await register(auth, `${hook.url}/done`);
    const failing = await register(auth, `${hook.url}/unavailable`);
    await placeOrder(service, auth);
    await deliverNow(service);

    time.advance(31 * 24 * 3_600_000);
    await service.purgeExpired();

    expect(await deliveryList(auth, done.id)).toEqual([]);
    expect(await deliveryList(auth, failing.id)).toMatchObject([{ status: 'PENDING', attempts: [{ responseStatus: 503 }] }]);
  });
});
