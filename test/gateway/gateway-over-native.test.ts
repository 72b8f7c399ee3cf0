import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderMutation, OrderQuery } from '../generated/operations.js';
import { CREATE_ORDER, ORDER } from '../support/operations.js';
import { startServerProcess } from '../support/server-process.js';
import { NOWHERE, restBody, SECRET, signTestToken } from '../support/service.js';

type Server = Awaited<ReturnType<typeof startServerProcess>>;

// The REST route is wire-compatible with the legacy service, so an instance in native mode can
// stand in for it: one instance in gateway mode in front of one in native mode, both processes.
const PAYMENT_KEY = 'mercadoPagoReference';

describe('a gateway in front of a native instance', { timeout: 120_000 }, () => {
  let native: Server;
  let gateway: Server;
  let headers: Record<string, string>;

  beforeAll(async () => {
    native = await startServerProcess({ AUTH_JWT_SECRET: SECRET, PAYMENT_REFERENCE_LEGACY_FIELD: PAYMENT_KEY });
    gateway = await startServerProcess({
      AUTH_JWT_SECRET: SECRET, ORDERS_UPSTREAM_URL: native.base, PAYMENT_REFERENCE_LEGACY_FIELD: PAYMENT_KEY,
    });
    headers = { authorization: `Bearer ${await signTestToken()}`, 'content-type': 'application/json' };
  }, 120_000);
  afterAll(async () => {
    await gateway?.stop();
    await native?.stop();
  });

  const rest = async (server: Server, body: unknown, extra: Record<string, string> = {}) => {
    const response = await fetch(`${server.base}/applications/orders`, { method: 'POST', headers: Object.assign({}, headers, extra), body: JSON.stringify(body) });
    return { status: response.status, body: await response.json() };
  };
  const gql = async (server: Server, query: string, variables: object) => {
    const response = await fetch(`${server.base}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    return (await response.json()).data;
  };

  it("when an order is made through the gateway's REST route, then it is the native instance's order, as that one wrote it", async () => {
    const made = await rest(gateway, restBody());

    const behind = (await gql(native, ORDER, { id: String(made.body.id) })) as OrderQuery;
    expect(made.status).toBe(200);
    expect(made.body[PAYMENT_KEY]).toBe(made.body.paymentProviderReference);
    expect(behind.order).toMatchObject({
      paymentProviderReference: made.body.paymentProviderReference, totalAmount: made.body.totalAmount,
      duration: made.body.duration, createdAt: made.body.createdAt, vehicleIdentification: 'AB12CD',
    });
  });

  it('when an order is made through the gateway with GraphQL, then the gateway finds it again by its id', async () => {
    const variables = { input: { originLatitude: -33.4378, originLongitude: -70.6505, serviceCode: 'BATTERY_JUMP_START', phoneNumber: '+56912345678', vehicleIdentification: 'XY98ZW' } };

    const made = ((await gql(gateway, CREATE_ORDER, variables)) as CreateOrderMutation).createOrder;
    if (made.__typename !== 'CreateOrderSuccess') throw new Error(`got ${made.__typename}`);
    const found = (await gql(gateway, ORDER, { id: made.order.id })) as OrderQuery;

    expect(made.order).toMatchObject({ serviceCode: 'BATTERY_JUMP_START', status: 'PENDING', pendingStatus: 'PENDING_PAYMENT', currency: 'CLP' });
    expect(found.order).toEqual(made.order);
  });

  it('when the native instance has no operator, then the gateway answers the same 400', async () => {
    const answer = await rest(gateway, restBody({ originLatitude: NOWHERE.latitude, originLongitude: NOWHERE.longitude, serviceId: 3 }));

    expect([answer.status, answer.body]).toEqual([400, { message: 'No hay grueros disponibles', code: 'NO_OPERATOR_AVAILABLE' }]);
  });

  it('when a key is sent twice through the gateway, then the native instance made one order for it', async () => {
    const first = await rest(gateway, restBody(), { 'idempotency-key': 'e2e-1' });
    const again = await rest(gateway, restBody(), { 'idempotency-key': 'e2e-1' });
    const next = await rest(gateway, restBody());

    expect(again.body).toEqual(first.body);
    // Ids are increasing on the native instance: nothing was made between the first and the next.
    expect(next.body.id).toBe(first.body.id + 1);
  });

  it('when the native instance is gone, then the gateway answers 502 UPSTREAM_UNAVAILABLE', async () => {
    await native.stop();

    const answer = await rest(gateway, restBody());

    expect([answer.status, answer.body.code]).toEqual([502, 'UPSTREAM_UNAVAILABLE']);
  });
});
