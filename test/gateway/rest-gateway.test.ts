import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenApiDocument } from '../../src/reference/openapi.js';
import { createOpenApiValidator } from '../support/openapi-validator.js';
import { restBody, signTestToken } from '../support/service.js';
import { appended, startGateway } from './arrange-gateway.js';

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.close());
beforeEach(() => gateway.reset());

// The legacy's own fields are passed on as it wrote them: the document allows them, unlisted.
const { problems } = createOpenApiValidator(createOpenApiDocument({ legacyPaymentField: 'mercadoPagoReference' }), { extraProperties: 'allowed' });
const documented = (answer: { status: number; headers: Headers; body: unknown }) =>
  expect(problems('POST', '/applications/orders', answer)).toEqual([]);

describe('POST /applications/orders in gateway mode', () => {
  it("when the legacy makes the order, then it is answered byte for byte, with the contract's keys it lacks at the end", async () => {
    const answer = await gateway.service.rest(restBody());

    const written = gateway.fake.answered[0]!.body;
    const link = JSON.parse(written).mercadoPagoReference;
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(appended(written, `,"paymentProviderReference":${JSON.stringify(link)},"currency":"CLP"`));
    expect(answer.body).toMatchObject({ channel: 'integrations-api', tracking: { code: 'TRK-1', legacyVersion: 3 } });
    documented(answer);
  });

  it("when the legacy gets the order, then it gets the spec's fields and the caller's Authorization as sent", async () => {
    await gateway.service.rest(restBody({ clientName: 'Ana' }));

    const [received] = gateway.fake.requests;
    expect(received!.headers.authorization).toBe(`Bearer ${gateway.service.token}`);
    expect(JSON.parse(received!.body)).toEqual({
      originLatitude: -33.4378, originLongitude: -70.6505, destinationLatitude: -33.495, destinationLongitude: -70.58,
      serviceId: 1, phoneNumber: '+56912345678', vehicleIdentification: 'AB12CD',
    });
  });

  it.each([
    ['an invalid phone', restBody({ phoneNumber: '912345678' }), 400, 'INVALID_INPUT'],
    ['a missing destination for towing', restBody({ destinationLatitude: undefined }), 400, 'INVALID_INPUT'],
    ['a body that is not JSON', '{"originLatitude":', 400, 'MALFORMED_JSON'],
  ])('when the input has %s, then it is refused here and never reaches the legacy', async (_, body, status, code) => {
    const answer = typeof body === 'string'
      ? await gateway.service.call('/applications/orders', { method: 'POST', body, headers: { 'content-type': 'application/json' } })
      : await gateway.service.rest(body);

    expect([answer.status, answer.body.code]).toEqual([status, code]);
    expect(gateway.fake.requests).toEqual([]);
  });

  it('when the caller has no valid token, then it is refused here and never reaches the legacy', async () => {
    const answer = await gateway.service.rest(restBody(), { auth: 'Bearer not-a-token' });

    expect(answer.status).toBe(401);
    expect(gateway.fake.requests).toEqual([]);
  });

  it('when the legacy has no operator, then the answer is its 400 with the code of the contract', async () => {
    gateway.fake.setMode({ kind: 'no-operator' });

    const answer = await gateway.service.rest(restBody());

    expect([answer.status, answer.body]).toEqual([400, { message: 'No hay grueros disponibles', code: 'NO_OPERATOR_AVAILABLE' }]);
  });

  it('when the legacy refuses with another 400, then its message is passed on under a code of ours', async () => {
    gateway.fake.setMode({ kind: 'rejected', message: 'Patente con deuda pendiente' });

    const answer = await gateway.service.rest(restBody());

    expect([answer.status, answer.body]).toEqual([400, { message: 'Patente con deuda pendiente', code: 'UPSTREAM_REJECTED' }]);
    documented(answer);
  });

  it("when the legacy refuses the caller's forwarded token, then the caller gets 401, and 403 when it forbids", async () => {
    gateway.fake.setAcceptToken('another-token');
    const refused = await gateway.service.rest(restBody());
    gateway.fake.setAcceptToken(null);
    gateway.fake.setMode({ kind: 'forbidden' });
    const forbidden = await gateway.service.rest(restBody());

    expect([refused.status, refused.body.code, refused.headers.get('www-authenticate')]).toEqual([401, 'UNAUTHENTICATED', 'Bearer']);
    expect([forbidden.status, forbidden.body.code]).toEqual([403, 'FORBIDDEN']);
    documented(forbidden);
  });

  it.each([
    ['a 503', 502, 'UPSTREAM_UNAVAILABLE', { kind: 'status', status: 503 } as const],
    ['a dropped connection', 502, 'UPSTREAM_UNAVAILABLE', { kind: 'drop' } as const],
    ['HTML', 502, 'UPSTREAM_BAD_RESPONSE', { kind: 'not-json' } as const],
    ['JSON that is not an order', 502, 'UPSTREAM_BAD_RESPONSE', { kind: 'not-an-order' } as const],
    ['nothing within the deadline', 504, 'UPSTREAM_TIMEOUT', { kind: 'slow', delayMs: 1_500 } as const],
  ])('when the legacy answers %s, then the caller gets %i %s', async (_, status, code, mode) => {
    gateway.fake.setMode(mode);

    const answer = await gateway.service.rest(restBody());

    expect([answer.status, answer.body.code]).toEqual([status, code]);
    expect(gateway.fake.requests).toHaveLength(1);
    documented(answer);
  });
});

describe('gateway mode with a token of its own', () => {
  it('when the legacy refuses that token, then the caller gets 502: the configuration is ours', async () => {
    const own = await startGateway({ env: { ORDERS_UPSTREAM_TOKEN: 'stale-gateway-secret' } }, { acceptToken: 'gateway-secret' });
    try {
      const answer = await own.service.rest(restBody());

      expect([answer.status, answer.body.code]).toEqual([502, 'UPSTREAM_UNAVAILABLE']);
      expect(own.fake.requests[0]!.headers.authorization).toBe('Bearer stale-gateway-secret');
    } finally {
      await own.close();
    }
  });
});

describe('the circuit breaker and /readyz', () => {
  it('when the legacy keeps failing, then calls fail fast without reaching it, and /readyz says so', async () => {
    const failing = await startGateway({}, { mode: { kind: 'status', status: 500 } });
    try {
      for (let i = 0; i < 5; i++) await failing.service.rest(restBody());
      const reached = failing.fake.requests.length;

      const fast = await failing.service.rest(restBody());
      const ready = await failing.service.call('/readyz');

      expect([fast.status, fast.body.code]).toEqual([502, 'UPSTREAM_UNAVAILABLE']);
      expect(failing.fake.requests).toHaveLength(reached);
      expect([ready.status, ready.body]).toEqual([503, { status: 'upstream unavailable', upstream: 'open' }]);
    } finally {
      await failing.close();
    }
  });

  it('when the legacy answers, then /readyz is ready and names the breaker closed', async () => {
    const ready = await gateway.service.call('/readyz');

    expect([ready.status, ready.body]).toEqual([200, { status: 'ready', upstream: 'closed' }]);
  });
});

describe('reads and quotes in gateway mode', () => {
  it('when the caller reads an order the gateway kept, then it gets it as POST answered it; another caller gets 404', async () => {
    const created = await gateway.service.rest(restBody());
    const other = `Bearer ${await signTestToken({ sub: 'app-2' })}`;

    const mine = await gateway.service.call(`/applications/orders/${created.body.id}`);
    const theirs = await gateway.service.call(`/applications/orders/${created.body.id}`, { auth: other });

    expect([mine.status, mine.text]).toEqual([200, created.text]);
    expect(problems('GET', '/applications/orders/{id}', mine)).toEqual([]);
    expect([theirs.status, theirs.body.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    expect(gateway.fake.requests).toHaveLength(1);
  });

  it('when a quote is asked, then it is 400 UNAVAILABLE_IN_GATEWAY_MODE, and the legacy is not called', async () => {
    const answer = await gateway.service.call('/applications/quotes', {
      method: 'POST', body: JSON.stringify(restBody()), headers: { 'content-type': 'application/json' },
    });

    expect([answer.status, answer.body.code]).toEqual([400, 'UNAVAILABLE_IN_GATEWAY_MODE']);
    expect(problems('POST', '/applications/quotes', answer)).toEqual([]);
    expect(gateway.fake.requests).toEqual([]);
  });
});
