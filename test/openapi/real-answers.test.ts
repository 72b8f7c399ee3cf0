import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  it('then its 503 answer matches', async () => {
    const down = await startTestService();
    await down.sql.close();
    const answer = await down.rest(restBody());
    await down.close().catch(() => {});

    expect([answer.status, answer.body.code]).toEqual([503, 'STORE_UNAVAILABLE']);
    expect(problems('POST', PATH, answer)).toEqual([]);
  });
});

describe('when a client is over the rate limit', () => {
  it('then its 429 answer matches', async () => {
    const limited = await startTestService({ env: { RATE_LIMIT_PER_MINUTE: '1', PAYMENT_REFERENCE_LEGACY_FIELD: LEGACY_FIELD } });
    const first = await limited.rest(restBody());
    const answer = await limited.rest(restBody());
    await limited.close();

    expect([first.status, answer.status, answer.body.code]).toEqual([200, 429, 'RATE_LIMITED']);
    expect(problems('POST', PATH, first)).toEqual([]);
    expect(problems('POST', PATH, answer)).toEqual([]);
  });
});
