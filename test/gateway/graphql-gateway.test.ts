import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreateOrderMutation, OrderHistoryQuery, OrderQuery, OrdersQuery } from '../generated/operations.js';
import type { CreateOrderInput } from '../generated/schema-types.js';
import { OPERATORS_NEAR, platformAuth, UPSERT_OPERATOR, operatorInput } from '../operators/support.js';
import { CREATE_ORDER, ORDER, ORDER_HISTORY, ORDERS, QUOTE } from '../support/operations.js';
import { SANTIAGO, SANTIAGO_SE, signTestToken } from '../support/service.js';
import { startGateway } from './arrange-gateway.js';

const input: CreateOrderInput = {
  originLatitude: SANTIAGO.latitude, originLongitude: SANTIAGO.longitude,
  destinationLatitude: SANTIAGO_SE.latitude, destinationLongitude: SANTIAGO_SE.longitude,
  serviceCode: 'TOWING', phoneNumber: '+56912345678', vehicleIdentification: 'ab-12 cd',
};

// Both ways a request reaches the GraphQL face: the app's fetch handler, and the production
// listener, whose usual POST is answered without yoga's HTTP layer.
describe.each([['fetch', false], ['the listener', true]])('GraphQL in gateway mode, through %s', (_, listen) => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    gateway = await startGateway({ listen });
  });
  afterAll(() => gateway.close());
  beforeEach(() => gateway.reset());

  const createOrder = async (auth?: string) => gateway.service.gql(CREATE_ORDER, { input }, auth ? { auth } : {});
  const result = async () => ((await createOrder()).body.data as CreateOrderMutation).createOrder;

  it("when the legacy makes the order, then it is typed: enums, the provider's payment key, durations, amounts, timestamps", async () => {
    const created = await result();

    const written = JSON.parse(gateway.fake.answered.at(-1)!.body);
    expect(created).toEqual({
      __typename: 'CreateOrderSuccess',
      order: {
        id: String(written.id), status: 'PENDING', pendingStatus: 'PENDING_PAYMENT',
        paymentProviderReference: written.mercadoPagoReference,
        originLatitude: -33.4378, originLongitude: -70.6505, destinationLatitude: -33.495, destinationLongitude: -70.58,
        originTitle: 'Plaza de Armas, Santiago', destinationTitle: 'Av. Grecia 8735, Peñalolén',
        serviceCode: 'TOWING', vehicleIdentification: 'AB12CD', duration: '1350s', distance: 11247,
        totalAmount: 38496, partnerAmount: 32722, platformAmount: 5774, currency: 'CLP',
        partnerDistance: 3562, partnerDuration: '427s', clientName: 'Cliente App', clientPhone: '+56912345678',
        partner: null, createdAt: written.createdAt, updatedAt: written.updatedAt,
      },
    });
  });

  it('when the legacy writes its misspelled pending-partner value, then GraphQL reads PENDING_PARTNER', async () => {
    gateway.fake.setMode({ kind: 'misspelled', pendingStatus: 'pending_parnter' });

    const created = await result();

    expect(created.__typename === 'CreateOrderSuccess' && created.order.pendingStatus).toBe('PENDING_PARTNER');
  });

  it('when the legacy writes a value within reach of no documented one, then it is a 502 UPSTREAM_BAD_RESPONSE', async () => {
    gateway.fake.setMode({ kind: 'misspelled', pendingStatus: 'waiting_for_godot' });

    const answer = await createOrder();

    expect([answer.status, answer.body.errors?.[0]?.extensions?.code]).toEqual([502, 'UPSTREAM_BAD_RESPONSE']);
  });

  it('when the legacy has no operator, then it is the union member NoOperatorAvailableError', async () => {
    gateway.fake.setMode({ kind: 'no-operator' });

    expect(await result()).toEqual({ __typename: 'NoOperatorAvailableError', message: 'No hay grueros disponibles', code: 'NO_OPERATOR_AVAILABLE' });
  });

  it.each([
    ['refuses with another 400', { kind: 'rejected', message: 'Patente con deuda pendiente' } as const, 400, 'UPSTREAM_REJECTED'],
    ['answers 500', { kind: 'status', status: 500 } as const, 502, 'UPSTREAM_UNAVAILABLE'],
    ['answers nothing within the deadline', { kind: 'slow', delayMs: 1_500 } as const, 504, 'UPSTREAM_TIMEOUT'],
    ['answers JSON that is not an order', { kind: 'not-an-order' } as const, 502, 'UPSTREAM_BAD_RESPONSE'],
  ])('when the legacy %s, then it is a top-level error with that code and HTTP status', async (_, mode, status, code) => {
    gateway.fake.setMode(mode);

    const answer = await createOrder();

    expect([answer.status, answer.body.errors?.[0]?.extensions?.code, answer.body.data ?? null]).toEqual([status, code, null]);
  });

  it('when the legacy refuses with another 400, then its message is the error message', async () => {
    gateway.fake.setMode({ kind: 'rejected', message: 'Patente con deuda pendiente' });

    expect((await createOrder()).body.errors[0].message).toBe('Patente con deuda pendiente');
  });

  it("when the legacy refuses the caller's forwarded token, then it is UNAUTHENTICATED with 401", async () => {
    gateway.fake.setAcceptToken('another-token');

    const answer = await createOrder();

    expect([answer.status, answer.body.errors?.[0]?.extensions?.code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('when an order was made through the gateway, then order(id) finds it for its owner only', async () => {
    const created = await result();
    const id = created.__typename === 'CreateOrderSuccess' ? created.order.id : '';
    const other = `Bearer ${await signTestToken({ sub: 'app-2' })}`;

    const mine = (await gateway.service.gql(ORDER, { id })).body.data as OrderQuery;
    const theirs = (await gateway.service.gql(ORDER, { id }, { auth: other })).body.data as OrderQuery;

    expect(mine.order).toEqual(created.__typename === 'CreateOrderSuccess' && created.order);
    expect(theirs.order).toBeNull();
  });

  it('when a quote is asked of a gateway, then it is the UnavailableInGatewayModeError member, and the legacy is not called', async () => {
    const answer = await gateway.service.gql(QUOTE, { input });

    expect(answer.body.data.quote).toEqual({
      __typename: 'UnavailableInGatewayModeError',
      code: 'UNAVAILABLE_IN_GATEWAY_MODE',
      message: 'Este servicio funciona como pasarela del servicio de órdenes: no hace cotizaciones',
    });
    expect(gateway.fake.requests).toEqual([]);
  });

  it("when a client lists its orders, then it pages through those the gateway kept, in the legacy's status, and sees their creation", async () => {
    const auth = `Bearer ${await signTestToken({ sub: `lister-${listen}` })}`;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const made = ((await createOrder(auth)).body.data as CreateOrderMutation).createOrder;
      if (made.__typename === 'CreateOrderSuccess') ids.unshift(made.order.id);
    }
    const list = async (variables: Record<string, unknown>) => ((await gateway.service.gql(ORDERS, variables, { auth })).body.data as OrdersQuery).orders;

    const first = await list({ first: 2 });
    const next = await list({ first: 2, after: first.pageInfo.endCursor });
    const cancelled = await list({ status: 'CANCELLED' });
    const pending = await list({ status: 'PENDING', first: 1, after: first.edges[0]!.cursor });
    const history = (await gateway.service.gql(ORDER_HISTORY, { id: ids[0] }, { auth })).body.data as OrderHistoryQuery;

    expect([...first.edges, ...next.edges].map((e) => e.node.id)).toEqual(ids);
    expect([first.pageInfo.hasNextPage, next.pageInfo.hasNextPage]).toEqual([true, false]);
    expect(cancelled.edges).toEqual([]);
    expect(pending.edges.map((e) => e.node.id)).toEqual([ids[1]]);
    expect(history.order?.history).toEqual([
      { kind: 'CREATED', at: first.edges[0]!.node.createdAt, status: 'PENDING', pendingStatus: 'PENDING_PAYMENT', actor: 'OWNER', reason: null },
    ]);
  });

  it.each([
    ['operatorsNear', OPERATORS_NEAR, { input: { latitude: SANTIAGO.latitude, longitude: SANTIAGO.longitude } }],
    ['upsertOperator', UPSERT_OPERATOR, { input: operatorInput('tow-1') }],
  ])('when %s is asked of a gateway, then it is refused with UNAVAILABLE_IN_GATEWAY_MODE', async (_, query, variables) => {
    const answer = await gateway.service.gql(query, variables, { auth: await platformAuth() });

    expect([answer.status, answer.body.errors?.[0]?.extensions?.code]).toEqual([400, 'UNAVAILABLE_IN_GATEWAY_MODE']);
  });
});
