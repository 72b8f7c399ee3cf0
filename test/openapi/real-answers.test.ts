import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT } from '../../src/core/lifecycle/actors.js';
import type { PaymentProvider } from '../../src/core/payments/ports.js';
import { createOpenApiDocument } from '../../src/http/openapi.js';
import { createOpenApiValidator } from '../support/openapi-validator.js';
import { BASE, NOWHERE, restBody, signTestToken, startTestService, type TestService } from '../support/service.js';

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
  it('then its 503 answers match, of an order and of a cancel', async () => {
    const down = await startTestService();
    await down.sql.close();
    const answer = await down.rest(restBody());
    const cancel = await down.call('/applications/orders/1/cancel', { method: 'POST' });
    await down.close().catch(() => {});

    expect([answer.status, answer.body.code]).toEqual([503, 'STORE_UNAVAILABLE']);
    expect(problems('POST', PATH, answer)).toEqual([]);
    expect([cancel.status, cancel.body.code]).toEqual([503, 'STORE_UNAVAILABLE']);
    expect(problems('POST', '/applications/orders/{id}/cancel', cancel)).toEqual([]);
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
