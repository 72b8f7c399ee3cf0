import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TABLE } from '../../../src/http/error-table.js';
import type { OrderHistoryQuery } from '../../generated/operations.js';
import { ORDER_HISTORY } from '../../support/operations.js';
import { paymentOf } from '../../support/payment-queries.js';
import { restBody } from '../../support/service.js';
import { ownerAuth, platformAuth, startLifeService, type LifeService } from './support.js';

const LEGACY_FIELD = 'mercadoPagoReference';
const NOT_FOUND = 'No existe una orden suya con ese número';
let life: LifeService;
beforeAll(async () => {
  life = await startLifeService({ env: { PAYMENT_REFERENCE_LEGACY_FIELD: LEGACY_FIELD } });
});
afterAll(() => life.close());

/** REST's cancel, with `body` as JSON when given; as the order's owner unless `auth` says otherwise. */
const restCancel = async (id: string | number, body?: unknown, auth?: string) =>
  life.call(`/applications/orders/${id}/cancel`, {
    method: 'POST',
    auth: auth ?? (await ownerAuth()),
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });

/** An order whose operator is on the way to the destination: its owner can no longer cancel it. */
async function towedOrder() {
  const { id, operator } = await life.acceptedOrder();
  for (const to of ['PARTNER_GOING_TO_ORIGIN', 'PARTNER_IN_ORIGIN', 'PARTNER_GOING_TO_DESTINATION']) await life.advance(operator, id, to);
  return id;
}

describe('the owner cancels its order', () => {
  it('when it was paid and not yet taken, then it is cancelled, its payment to be refunded in full, and the offer withdrawn', async () => {
    const { id, operator } = await life.offeredOrder();

    const cancelled = (await life.cancel(id, 'ya no la necesito')) as any;

    expect(cancelled).toMatchObject({ __typename: 'CancelOrderSuccess', order: { id, status: 'CANCELLED', pendingStatus: null } });
    // The refund is a change of its own, made right after the cancel: the answer may already show it.
    expect(['REFUND_PENDING', 'REFUNDED']).toContain(cancelled.order.paymentStatus);
    await expect.poll(async () => (await paymentOf(life, id)).paymentStatus).toBe('REFUNDED');
    expect(await life.offers(operator)).toEqual([]);
    const { rows } = await life.sql.query<{ refund: number; total: number }>('select refund_amount::int as refund, total_amount::int as total from orders where id = $1', [id]);
    expect(rows[0]!.refund).toBe(rows[0]!.total);
    const history = await life.sql.query('select actor, actor_id, reason from order_events where order_id = $1 and type = $2', [id, 'cancelled']);
    expect(history.rows).toEqual([{ actor: 'owner', actor_id: 'app-1', reason: 'ya no la necesito' }]);
  });

  it('when it was paid, then REST answers its refund under paymentStatus, and the history ends with the payment giving it back', async () => {
    const { id } = await life.offeredOrder();

    const answer = await restCancel(id);

    expect([answer.status, answer.body.status]).toEqual([200, 'cancelled']);
    // The refund is a change of its own, made right after the cancel: the answer may already show it.
    expect(['refund_pending', 'refunded']).toContain(answer.body.paymentStatus);
    const read = async () => (await life.call(`/applications/orders/${id}`, { auth: await ownerAuth() })).body;
    await expect.poll(async () => (await read()).paymentStatus).toBe('refunded');
    const { order } = (await life.gql(ORDER_HISTORY, { id }, { auth: await ownerAuth() })).body.data as OrderHistoryQuery;
    expect(order?.history.map(({ kind, status, actor, reason }) => ({ kind, status, actor, reason }))).toEqual([
      { kind: 'CREATED', status: 'PENDING', actor: 'OWNER', reason: null },
      { kind: 'PAID', status: 'PENDING', actor: 'PAYMENT', reason: null },
      { kind: 'CANCELLED', status: 'CANCELLED', actor: 'OWNER', reason: null },
      { kind: 'REFUNDED', status: 'CANCELLED', actor: 'PAYMENT', reason: null },
    ]);
  });

  it('when it was never paid, then REST cancels it with an empty body, and answers the order as POST does, legacy key included', async () => {
    const { origin } = await life.area();
    const created = await life.rest(restBody({ originLatitude: origin.latitude, originLongitude: origin.longitude,
      destinationLatitude: origin.latitude - 0.05, destinationLongitude: origin.longitude }));
    life.later(1_000);

    const answer = await restCancel(created.body.id);

    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(Object.keys(created.body));
    expect(answer.body).toEqual({ ...created.body, status: 'cancelled', pendingStatus: null, updatedAt: expect.any(String), paymentStatus: 'expired' });
    expect(answer.body[LEGACY_FIELD]).toBe(created.body.paymentProviderReference);
    expect(answer.body.updatedAt).not.toBe(created.body.updatedAt);
    expect((await paymentOf(life, created.body.id)).paymentStatus).toBe('EXPIRED');
  });

  it('when its operator had accepted, then REST cancels it with a reason, and the operator is free again', async () => {
    const { id, operator, origin } = await life.acceptedOrder();

    const answer = await restCancel(id, { reason: 'llegó otra grúa' });
    const next = await life.paidOrder(origin);

    expect([answer.status, answer.body.status, answer.body.partner]).toEqual([200, 'cancelled', {
      id: operator, name: `Grúas ${operator}`, phone: '+56922223333', latitude: expect.any(Number), longitude: expect.any(Number),
    }]);
    expect(await life.offeredTo(next.id)).toBe(operator);
  });

  it('when it is cancelled again, then it succeeds and changes nothing', async () => {
    const { id } = await life.offeredOrder();
    await restCancel(id);
    // Its refund is a change of its own, made right after: the repeats come once it is made.
    const refunded = async () =>
      (await life.sql.query<{ payment_status: string }>('select payment_status from orders where id = $1', [id])).rows[0]!.payment_status;
    await expect.poll(refunded).toBe('refunded');
    const changes = await life.changesOf(String(id));
    const first = await restCancel(id);
    life.later(60_000);

    const again = await restCancel(id);
    const graphql = (await life.cancel(id)) as any;

    expect([again.status, again.body]).toEqual([200, first.body]);
    expect(graphql.order.updatedAt).toBe(first.body.updatedAt);
    expect(await life.changesOf(String(id))).toBe(changes);
  });

  it('when the vehicle is on its way to the destination, then both faces refuse it with the current state', async () => {
    const id = await towedOrder();

    const rest = await restCancel(id);
    const graphql = await life.cancel(id);

    expect([rest.status, rest.body]).toEqual([409, {
      message: 'La orden está en partner_going_to_destination: ese cambio no está permitido desde ahí',
      code: 'INVALID_TRANSITION', status: 'pending', pendingStatus: 'partner_going_to_destination',
    }]);
    expect(graphql).toEqual({
      __typename: 'InvalidTransitionError', message: rest.body.message, code: 'INVALID_TRANSITION',
      status: 'PENDING', pendingStatus: 'PARTNER_GOING_TO_DESTINATION',
    });
  });

  it.each([
    ["another owner's order", async () => ({ id: (await life.offeredOrder()).id, auth: await ownerAuth('app-2') })],
    ['an id no order has', async () => ({ id: '999999', auth: undefined })],
  ])('when the order is %s, then it is ORDER_NOT_FOUND on both faces, and nothing changes', async (_, arrange) => {
    const { id, auth } = await arrange();
    const changes = await life.changesOf(id);

    const rest = await restCancel(id, undefined, auth);
    const graphql = await life.cancel(id, undefined, auth);

    expect([rest.status, rest.body]).toEqual([404, { message: NOT_FOUND, code: 'ORDER_NOT_FOUND' }]);
    expect(graphql).toEqual({ __typename: 'OrderNotFoundError', message: NOT_FOUND, code: 'ORDER_NOT_FOUND' });
    expect(await life.changesOf(id)).toBe(changes);
  });
});

describe('the platform cancels any order, with cancelOrder and the scope orders:admin', () => {
  it.each([
    ['GraphQL, the vehicle on its way to the destination', 'graphql', async () => towedOrder()],
    ['REST, a paused order', 'rest', async () => {
      const { id } = await life.acceptedOrder();
      await life.platform('pause', id);
      return id;
    }],
  ])("when it is %s, then it is cancelled, refunded in full without the owner's fee, and the history says the platform did it", async (_, face, arrange) => {
    const id = await arrange();
    const auth = await platformAuth();

    const answer = face === 'rest' ? (await restCancel(id, { reason: 'soporte' }, auth)).body : ((await life.cancel(id, 'soporte', auth)) as any).order;

    expect([answer.status, answer.pendingStatus]).toEqual(face === 'rest' ? ['cancelled', null] : ['CANCELLED', null]);
    await expect.poll(async () => (await paymentOf(life, id)).paymentStatus).toBe('REFUNDED');
    const { rows } = await life.sql.query<{ refund: number; total: number }>('select refund_amount::int as refund, total_amount::int as total from orders where id = $1', [id]);
    expect(rows[0]!.refund).toBe(rows[0]!.total);
    const history = await life.sql.query('select actor, actor_id, reason from order_events where order_id = $1 and type = $2', [id, 'cancelled']);
    expect(history.rows).toEqual([{ actor: 'platform', actor_id: 'platform', reason: 'soporte' }]);
  });

  it('when the order has finished, then the platform is refused with its state; an order it cancelled, cancelled again, changes nothing', async () => {
    const auth = await platformAuth();
    const { id: finished, operator } = await life.acceptedOrder(2);
    for (const to of ['PARTNER_GOING_TO_ORIGIN', 'PARTNER_IN_ORIGIN', 'FINISHED']) await life.advance(operator, finished, to);
    const cancelled = await towedOrder();
    await life.cancel(cancelled, undefined, auth);
    // Its refund follows the cancel and adds its own row: counted once it is done.
    await expect.poll(async () => (await paymentOf(life, cancelled)).paymentStatus).toBe('REFUNDED');
    const changes = await life.changesOf(cancelled);

    const refused = await life.cancel(finished, undefined, auth);
    const again = (await life.cancel(cancelled, undefined, auth)) as any;

    expect(refused).toMatchObject({ __typename: 'InvalidTransitionError', code: 'INVALID_TRANSITION', status: 'FINISHED', pendingStatus: null });
    expect([again.__typename, again.order.status]).toEqual(['CancelOrderSuccess', 'CANCELLED']);
    expect(await life.changesOf(cancelled)).toBe(changes);
  });
});

describe('REST cancel refuses what it cannot read', () => {
  const json = { 'content-type': 'application/json' };
  it.each([
    ['an id that is not a number', 404, 'ORDER_NOT_FOUND', 'abc', undefined, {}],
    ['broken JSON', 400, 'MALFORMED_JSON', null, '{"reason": ', json],
    ['a JSON array', 400, 'MALFORMED_JSON', null, '[]', json],
    ['a body that is not JSON', 415, 'UNSUPPORTED_MEDIA_TYPE', null, 'porque sí', { 'content-type': 'text/plain' }],
    ['a reason that is a number', 400, 'INVALID_INPUT', null, '{"reason": 5}', json],
    ['a reason over 500 characters', 400, 'INVALID_INPUT', null, JSON.stringify({ reason: 'x'.repeat(501) }), json],
    ['a reason with U+0000', 400, 'INVALID_INPUT', null, '{"reason": "a\\u0000b"}', json],
  ])('when it gets %s, then it answers %i %s, and the order stays as it was', async (_, status, code, id, body, headers) => {
    const { id: real } = await life.offeredOrder();
    const answer = await life.call(`/applications/orders/${id ?? real}/cancel`, { method: 'POST', body, headers });

    expect([answer.status, answer.body.code]).toEqual([status, code]);
    if (code === 'INVALID_INPUT') expect(answer.body.field).toBe('reason');
    expect((await paymentOf(life, real)).status).toBe('PENDING');
  });

  it.each([
    ['GET', '/applications/orders/1/cancel', 405],
    ['POST', '/applications/orders/1/refund', 404],
    ['POST', '/applications/orders/1/cancel/now', 404],
    ['POST', '/applications/orders//cancel', 404],
  ])('when it gets %s %s, then it answers %i', async (method, path, status) => {
    const answer = await life.call(path, { method });

    expect(answer.status).toBe(status);
    if (status === 405) expect(answer.headers.get('allow')).toBe('POST');
  });
});

describe('REST and GraphQL agree on every outcome of a cancel', () => {
  const CASES = {
    SUCCESS: async () => (await life.offeredOrder()).id,
    ORDER_NOT_FOUND: async () => '999999',
    INVALID_TRANSITION: towedOrder,
  };

  it.each(Object.keys(CASES) as (keyof typeof CASES)[])('%s', async (outcome) => {
    const [forRest, forGraphql] = [await CASES[outcome](), await CASES[outcome]()];

    const rest = await restCancel(forRest, { reason: 'prueba' });
    const graphql = (await life.cancel(forGraphql, 'prueba')) as any;

    if (outcome === 'SUCCESS') {
      expect([rest.status, rest.body.status, graphql.__typename, graphql.order.status]).toEqual([200, 'cancelled', 'CancelOrderSuccess', 'CANCELLED']);
      return;
    }
    const entry = ERROR_TABLE[outcome];
    expect([rest.status, rest.body.code]).toEqual([entry.status, outcome]);
    expect(graphql).toMatchObject({ __typename: entry.graphqlType, code: outcome, message: rest.body.message });
  });
});
