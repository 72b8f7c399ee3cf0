import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT } from '../../../src/orders/domain/actors.js';
import type { PaymentProvider } from '../../../src/payments/domain/ports.js';
import { createOpenApiDocument } from '../../../src/reference/openapi.js';
import { createOpenApiValidator } from '../../support/openapi-validator.js';
import { BASE, NOWHERE, restBody, signTestToken, startTestService, type TestService } from '../../support/service.js';

const PATH = '/applications/orders';
const LEGACY_FIELD = 'flowReference';
// Answers are held to the document closed: a field the service writes and the document does not
// list fails, although the document lets clients expect more.
const { problems, requestProblems } = createOpenApiValidator(createOpenApiDocument({ publicUrl: BASE, legacyPaymentField: LEGACY_FIELD }));

/**
 * A payment provider that is down for tyre changes, and that keeps a battery jump-start's payment
 * waiting while `hold` is set, so that a second request with the same key meets the first running.
 */
function unreliableProvider() {
  let release = () => {};
  let entered = () => {};
  const state = { hold: null as Promise<void> | null, entered: Promise.resolve() };
  const provider: PaymentProvider = {
    async createPaymentLink({ description, reference }) {
      if (description.includes('neumático')) throw new Error('provider down');
      if (state.hold && description.includes('batería')) {
        entered();
        await state.hold;
      }
      return { url: `https://pay.example/${reference}` };
    },
    async cancelPaymentLink() {},
    async refundPayment() {},
  };
  const holdNext = () => {
    state.hold = new Promise((resolve) => (release = resolve));
    state.entered = new Promise((resolve) => (entered = resolve));
    return {
      entered: state.entered,
      release: () => {
        state.hold = null;
        release();
      },
    };
  };
  return { provider, holdNext };
}

const payments = unreliableProvider();
let service: TestService;
beforeAll(async () => {
  service = await startTestService({ payments: payments.provider, env: { PAYMENT_REFERENCE_LEGACY_FIELD: LEGACY_FIELD } });
});
afterAll(() => service?.close());

const foreignToken = await signTestToken({}, 'another-secret-of-at-least-thirty-two-bytes');
let n = 0;
const withKey = () => ({ headers: { 'content-type': 'application/json', 'idempotency-key': `openapi-${++n}` } });

describe('the answers of POST /applications/orders keep to the OpenAPI document', () => {
  it.each([
    ['a towing', restBody(), 200, undefined],
    ['a battery jump-start without destination', restBody({ serviceId: 2, destinationLatitude: undefined, destinationLongitude: undefined }), 200, undefined],
    ['an order with every optional field and an unknown one', restBody({ clientName: 'Ana', originTitle: 'Casa', destinationTitle: 'Taller', note: 'x' }), 200, undefined],
    ['no operator near the origin', restBody({ originLatitude: NOWHERE.latitude, originLongitude: NOWHERE.longitude }), 400, 'NO_OPERATOR_AVAILABLE'],
    ['a latitude out of range', restBody({ originLatitude: 91 }), 400, 'INVALID_INPUT'],
    ['a phone number not in E.164', restBody({ phoneNumber: '912345678' }), 400, 'INVALID_INPUT'],
    ['an unknown serviceId', restBody({ serviceId: 4 }), 400, 'INVALID_INPUT'],
    ['no vehicleIdentification', restBody({ vehicleIdentification: undefined }), 400, 'INVALID_INPUT'],
    ['an empty plate', restBody({ vehicleIdentification: ' - ' }), 400, 'INVALID_INPUT'],
    ['a towing without destination', restBody({ destinationLatitude: undefined, destinationLongitude: undefined }), 400, 'INVALID_INPUT'],
    ['a tyre change the payment provider fails', restBody({ serviceId: 3 }), 502, 'PAYMENT_PROVIDER_UNAVAILABLE'],
  ])('when the request is %s, then its answer matches', async (_, body, status, code) => {
    const answer = await service.rest(body);

    expect([answer.status, answer.body.code]).toEqual([status, code]);
    expect(problems('POST', PATH, answer)).toEqual([]);
  });

  it('when the request asks for what the service accepts, then the document accepts it too; when refused as invalid, the document refuses it', async () => {
    for (const body of [restBody(), restBody({ serviceId: 3, destinationLatitude: null, clientName: null })]) {
      expect(requestProblems('POST', PATH, body)).toEqual([]);
    }
    for (const over of [{ originLatitude: 91 }, { phoneNumber: '912345678' }, { serviceId: 4 }, { vehicleIdentification: ' - ' }, { originLongitude: '-70' }]) {
      expect((await service.rest(restBody(over))).body.code).toBe('INVALID_INPUT');
      expect(requestProblems('POST', PATH, restBody(over))).not.toEqual([]);
    }
  });

  it.each([
    ['broken JSON', '{"originLatitude": ', 'application/json', 400, 'MALFORMED_JSON'],
    ['a JSON array', '[]', 'application/json', 400, 'MALFORMED_JSON'],
    ['text, not JSON', JSON.stringify(restBody()), 'text/plain', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['over the size limit', JSON.stringify(restBody({ clientName: 'x'.repeat(20_000) })), 'application/json', 413, 'PAYLOAD_TOO_LARGE'],
  ])('when the body is %s, then its answer matches', async (_, raw, type, status, code) => {
    const answer = await service.rest(undefined, { body: raw, headers: { 'content-type': type } });

    expect([answer.status, answer.body.code]).toEqual([status, code]);
    expect(problems('POST', PATH, answer)).toEqual([]);
  });

  it.each([
    ['no token', null],
    ['a token signed with another secret', `Bearer ${foreignToken}`],
  ])('when the request has %s, then its 401 answer matches', async (_, auth) => {
    const answer = await service.rest(restBody(), { auth });

    expect([answer.status, answer.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect(problems('POST', PATH, answer)).toEqual([]);
  });

  it('when an Idempotency-Key is reused with another body, then its 422 answer matches', async () => {
    const key = withKey();
    await service.rest(restBody(), key);
    const answer = await service.rest(restBody({ serviceId: 2 }), key);

    expect([answer.status, answer.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(problems('POST', PATH, answer)).toEqual([]);
  });

  it('when a retry comes while the first request runs, then its 409 answer matches', async () => {
    const key = withKey();
    const held = payments.holdNext();
    const first = service.rest(restBody({ serviceId: 2 }), key);
    await held.entered;
    const retry = await service.rest(restBody({ serviceId: 2 }), key);
    held.release();

    expect([retry.status, retry.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_USE']);
    expect(problems('POST', PATH, retry)).toEqual([]);
    expect((await first).status).toBe(200);
  });
});

describe('when the store is gone', () => {
  it('then the 503 answers of an order and of a read match', async () => {
    const down = await startTestService();
    await down.sql.close();
    const answer = await down.rest(restBody());
    const read = await down.call('/applications/orders/1');
    const cancel = await down.call('/applications/orders/1/cancel', { method: 'POST' });
    await down.close().catch(() => {});

    expect([answer.status, answer.body.code]).toEqual([503, 'STORE_UNAVAILABLE']);
    expect(problems('POST', PATH, answer)).toEqual([]);
    expect([cancel.status, cancel.body.code]).toEqual([503, 'STORE_UNAVAILABLE']);
    expect(problems('POST', '/applications/orders/{id}/cancel', cancel)).toEqual([]);
    expect([read.status, read.body.code]).toEqual([503, 'STORE_UNAVAILABLE']);
    expect(problems('GET', '/applications/orders/{id}', read)).toEqual([]);
  });
});

describe('when a client is over the rate limit', () => {
  it('then its 429 answers match, of an order and of a cancel', async () => {
    const limited = await startTestService({ env: { RATE_LIMIT_PER_MINUTE: '1', PAYMENT_REFERENCE_LEGACY_FIELD: LEGACY_FIELD } });
    const first = await limited.rest(restBody());
    const answer = await limited.rest(restBody());
    const cancel = await limited.call(`/applications/orders/${first.body.id}/cancel`, { method: 'POST' });
    await limited.close();

    expect([first.status, answer.status, answer.body.code]).toEqual([200, 429, 'RATE_LIMITED']);
    expect(problems('POST', PATH, first)).toEqual([]);
    expect(problems('POST', PATH, answer)).toEqual([]);
    expect([cancel.status, cancel.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(problems('POST', '/applications/orders/{id}/cancel', cancel)).toEqual([]);
  });
});

describe('the answers of POST /applications/orders/{id}/cancel keep to the OpenAPI document', () => {
  const CANCEL = '/applications/orders/{id}/cancel';
  const cancel = (id: unknown, init: RequestInit & { auth?: string | null } = {}) =>
    service.call(`/applications/orders/${id}/cancel`, { method: 'POST', ...init });
  const jsonBody = (body: string) => ({ body, headers: { 'content-type': 'application/json' } });
  const newOrder = async () => (await service.rest(restBody())).body.id as number;

  /** An order paid, given to a free operator and on its way to the destination: no longer the owner's to cancel. */
  async function towedOrder() {
    const id = await newOrder();
    const { rows } = await service.sql.query<{ amount: number; currency: string }>(
      'select total_amount::int as amount, currency from orders where id = $1', [id]);
    const { lifecycle, operations } = service.lifecycle;
    await lifecycle.move(id, 'pay', PAYMENT, { paid: { providerPaymentId: `paid-${id}`, ...rows[0]! } });
    const free = await service.sql.query<{ id: string }>(
      'select id from operators where on_duty and current_order_id is null and 1 = any(services) order by id limit 1');
    const operator = free.rows[0]!.id;
    await operations.assign('platform', String(id), operator);
    for (const step of ['partner_going_to_origin', 'partner_in_origin', 'partner_going_to_destination'] as const) {
      await operations.advance(operator, String(id), step);
    }
    return id;
  }

  it.each([
    ['a cancel without a body', async () => cancel(await newOrder()), 200, undefined],
    ['a cancel with a reason', async () => cancel(await newOrder(), jsonBody('{"reason": "ya no"}')), 200, undefined],
    ['a cancel repeated', async () => { const id = await newOrder(); await cancel(id); return cancel(id); }, 200, undefined],
    ['an order on its way to the destination', async () => cancel(await towedOrder()), 409, 'INVALID_TRANSITION'],
    ['an id no order has', () => cancel(999_999), 404, 'ORDER_NOT_FOUND'],
    ["another owner's order", async () => cancel(await newOrder(), { auth: `Bearer ${await signTestToken({ sub: 'app-2' })}` }), 404, 'ORDER_NOT_FOUND'],
    ['broken JSON', async () => cancel(await newOrder(), jsonBody('{"reason":')), 400, 'MALFORMED_JSON'],
    ['a reason that is not text', async () => cancel(await newOrder(), jsonBody('{"reason": []}')), 400, 'INVALID_INPUT'],
    ['a body that is not JSON', async () => cancel(await newOrder(), { body: 'ya no', headers: { 'content-type': 'text/plain' } }), 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['a body over the size limit', async () => cancel(await newOrder(), jsonBody(JSON.stringify({ reason: 'x'.repeat(20_000) }))), 413, 'PAYLOAD_TOO_LARGE'],
    ['no token', async () => cancel(await newOrder(), { auth: null }), 401, 'UNAUTHENTICATED'],
  ])('when the request is %s, then its answer matches', async (_, send, status, code) => {
    const answer = await send();

    expect([answer.status, answer.body.code]).toEqual([status, code]);
    expect(problems('POST', CANCEL, answer)).toEqual([]);
  });

  it('when a cancel has a body, then the document accepts what the service accepts', () => {
    expect(requestProblems('POST', CANCEL, { reason: 'ya no' })).toEqual([]);
    expect(requestProblems('POST', CANCEL, { reason: 'x'.repeat(501) })).not.toEqual([]);
  });
});

describe('the answers of GET /applications/orders/{id} keep to the OpenAPI document', () => {
  const ORDER_PATH = '/applications/orders/{id}';
  const read = (id: string | number, auth?: string | null) => service.call(`/applications/orders/${id}`, auth === undefined ? {} : { auth });

  it('when the caller reads its own order, then its 200 matches, the legacy key included, with and without a partner', async () => {
    const { body } = await service.rest(restBody());
    const unassigned = await read(body.id);
    await service.sql.query("update orders set partner_id = 'demo-002' where id = $1", [body.id]);
    const assigned = await read(body.id);

    expect([unassigned.status, assigned.status, assigned.body.partner?.id]).toEqual([200, 200, 'demo-002']);
    expect(problems('GET', ORDER_PATH, unassigned)).toEqual([]);
    expect(problems('GET', ORDER_PATH, assigned)).toEqual([]);
  });

  it.each([
    ['an id no order has', '9007199254740991', undefined, 404, 'ORDER_NOT_FOUND'],
    ['an id that is no order id', 'abc', undefined, 404, 'ORDER_NOT_FOUND'],
    ['no token', '1', null, 401, 'UNAUTHENTICATED'],
    ['a token signed with another secret', '1', `Bearer ${foreignToken}`, 401, 'UNAUTHENTICATED'],
  ])('when the request has %s, then its answer matches', async (_, id, auth, status, code) => {
    const answer = await read(id, auth);

    expect([answer.status, answer.body.code]).toEqual([status, code]);
    expect(problems('GET', ORDER_PATH, answer)).toEqual([]);
  });
});

describe('the answers of POST /applications/quotes keep to the OpenAPI document', () => {
  const QUOTES = '/applications/quotes';
  const quote = (body: string, type = 'application/json', auth?: string | null) =>
    service.call(QUOTES, { method: 'POST', body, headers: { 'content-type': type }, ...(auth === undefined ? {} : { auth }) });

  it.each([
    ['a towing', restBody(), 200, undefined],
    ['a battery jump-start without destination', restBody({ serviceId: 2, destinationLatitude: undefined, destinationLongitude: undefined }), 200, undefined],
    ['a tyre change, which the payment provider would fail', restBody({ serviceId: 3 }), 200, undefined],
    ['no operator near the origin', restBody({ originLatitude: NOWHERE.latitude, originLongitude: NOWHERE.longitude }), 400, 'NO_OPERATOR_AVAILABLE'],
    ['an unknown serviceId', restBody({ serviceId: 4 }), 400, 'INVALID_INPUT'],
    ['a towing without destination', restBody({ destinationLatitude: undefined, destinationLongitude: undefined }), 400, 'INVALID_INPUT'],
  ])('when the request is %s, then its answer matches', async (_, body, status, code) => {
    const answer = await quote(JSON.stringify(body));

    expect([answer.status, answer.body.code]).toEqual([status, code]);
    expect(problems('POST', QUOTES, answer)).toEqual([]);
    if (status === 200) expect(requestProblems('POST', QUOTES, body)).toEqual([]);
  });

  it.each([
    ['broken JSON', '{"originLatitude": ', 'application/json', undefined, 400, 'MALFORMED_JSON'],
    ['text, not JSON', JSON.stringify(restBody()), 'text/plain', undefined, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['over the size limit', JSON.stringify(restBody({ clientName: 'x'.repeat(20_000) })), 'application/json', undefined, 413, 'PAYLOAD_TOO_LARGE'],
    ['no token', JSON.stringify(restBody()), 'application/json', null, 401, 'UNAUTHENTICATED'],
  ])('when the request has %s, then its answer matches', async (_, raw, type, auth, status, code) => {
    const answer = await quote(raw, type, auth);

    expect([answer.status, answer.body.code]).toEqual([status, code]);
    expect(problems('POST', QUOTES, answer)).toEqual([]);
  });

  it('when a client is over the rate limit, then the 429 of a quote and of a read match', async () => {
    const limited = await startTestService({ env: { RATE_LIMIT_PER_MINUTE: '1' } });
    const options = { method: 'POST', body: JSON.stringify(restBody()), headers: { 'content-type': 'application/json' } };
    const first = await limited.call(QUOTES, options);
    const quoted = await limited.call(QUOTES, options);
    const read = await limited.call('/applications/orders/1');
    await limited.close();

    expect([first.status, quoted.status, read.status]).toEqual([200, 429, 429]);
    expect(problems('POST', QUOTES, first)).toEqual([]);
    expect(problems('POST', QUOTES, quoted)).toEqual([]);
    expect(problems('GET', '/applications/orders/{id}', read)).toEqual([]);
  });
});
