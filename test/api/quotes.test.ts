import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TABLE } from '../../src/http/error-table.js';
import type { QuoteQuery } from '../generated/operations.js';
import { startFakeOsrm } from '../support/fakes/fake-osrm.js';
import { QUOTE } from '../support/operations.js';
import { NOWHERE, restBody, signTestToken, startTestService, type TestService } from '../support/service.js';

const FIGURES = ['distance', 'duration', 'totalAmount', 'partnerAmount', 'platformAmount', 'currency', 'partnerDistance', 'partnerDuration', 'estimateSource'];
const SERVICE_NAMES = ['TOWING', 'BATTERY_JUMP_START', 'TYRE_CHANGE'];
const toGraphQLInput = ({ serviceId, ...rest }: Record<string, unknown>) => ({ ...rest, serviceCode: SERVICE_NAMES[Number(serviceId) - 1] ?? 'TOWING' });
const pick = (from: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, from[k]]));
/** GraphQL's figures as REST writes them: its enum values are REST's upper-cased. */
const asRest = (quote: Record<string, unknown>) => ({ ...quote, estimateSource: String(quote.estimateSource).toLowerCase() });

const CREATE_ORDER_FIGURES = `mutation($input: CreateOrderInput!) { createOrder(input: $input) {
  ... on CreateOrderSuccess { order { ${FIGURES.join(' ')} } } } }`;

let links = 0;
let service: TestService;
beforeAll(async () => {
  // A provider that counts the links it makes, and fails for tyre changes: a quote makes none.
  service = await startTestService({
    payments: {
      async createPaymentLink({ description, reference }) {
        links += 1;
        if (description.includes('neumático')) throw new Error('provider down');
        return { url: `https://pay.example/${reference}` };
      },
      async cancelPaymentLink() {},
      async refundPayment() {},
    },
  });
});
afterAll(() => service.close());

const quoteRest = (body: unknown, init = {}) => service.call('/applications/quotes', {
  method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' }, ...init,
});
const quoteGraphql = async (body: Record<string, unknown>) =>
  ((await service.gql(QUOTE, { input: toGraphQLInput(body) })).body.data as QuoteQuery).quote;

describe('POST /applications/quotes and the quote query', () => {
  it("when the body is an order's, then both answer its figures, and make no payment link and no order", async () => {
    const [orders, made] = [await service.countOrders(), links];

    const rest = await quoteRest(restBody());
    const graphql = await quoteGraphql(restBody());

    expect(rest.status).toBe(200);
    expect(Object.keys(rest.body)).toEqual(FIGURES);
    expect(rest.body.totalAmount).toBe(rest.body.partnerAmount + rest.body.platformAmount);
    if (graphql.__typename !== 'QuoteSuccess') throw new Error(graphql.__typename);
    expect(asRest(graphql.quote)).toEqual(rest.body);
    expect([await service.countOrders(), links]).toEqual([orders, made]);
  });

  it('when an order is made from the same body right after, then it carries the figures of the quote', async () => {
    const quoted = await quoteRest(restBody({ serviceId: 2, destinationLatitude: undefined, destinationLongitude: undefined }));
    const ordered = await service.rest(restBody({ serviceId: 2, destinationLatitude: undefined, destinationLongitude: undefined }));

    expect(pick(ordered.body, FIGURES)).toEqual(quoted.body);
  });

  it('when the payment provider is down, then a quote is still given: it needs no payment', async () => {
    expect((await quoteRest(restBody({ serviceId: 3 }))).status).toBe(200);
    expect((await service.rest(restBody({ serviceId: 3 }))).body.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
  });

  it.each([
    ['INVALID_INPUT', restBody({ phoneNumber: '+12' }), 'phoneNumber'],
    ['INVALID_INPUT', restBody({ originLatitude: 91 }), 'originLatitude'],
    ['INVALID_INPUT', restBody({ destinationLatitude: undefined }), 'destinationLatitude'],
    ['NO_OPERATOR_AVAILABLE', restBody({ originLatitude: NOWHERE.latitude, originLongitude: NOWHERE.longitude }), undefined],
  ])('when the order would be refused with %s, then REST, GraphQL and the order route refuse the quote alike', async (code, body, field) => {
    const rest = await quoteRest(body);
    const graphql = await quoteGraphql(body);
    const order = await service.rest(body);

    const entry = ERROR_TABLE[code as 'INVALID_INPUT' | 'NO_OPERATOR_AVAILABLE'];
    expect([rest.status, rest.body.code, rest.body.field]).toEqual([entry.status, code, field]);
    expect(rest.body).toEqual(order.body);
    expect(graphql).toMatchObject({ __typename: entry.graphqlType, code, message: rest.body.message });
    if (field) expect(graphql).toMatchObject({ field });
  });

  it('when the service is unknown, then REST names serviceId, as the order route does', async () => {
    const answer = await quoteRest(restBody({ serviceId: 9 }));
    expect([answer.status, answer.body.code, answer.body.field]).toEqual([400, 'INVALID_INPUT', 'serviceId']);
  });

  it.each([
    ['broken JSON', '{"originLatitude": ', 'application/json', 400, 'MALFORMED_JSON'],
    ['text, not JSON', JSON.stringify(restBody()), 'text/plain', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['over the size limit', JSON.stringify(restBody({ clientName: 'x'.repeat(20_000) })), 'application/json', 413, 'PAYLOAD_TOO_LARGE'],
  ])('when the body is %s, then the quote is refused as the order would be', async (_, raw, type, status, code) => {
    const answer = await service.call('/applications/quotes', { method: 'POST', body: raw, headers: { 'content-type': type } });
    expect([answer.status, answer.body.code]).toEqual([status, code]);
  });

  it('when there is no token, then 401; when the method is GET, then 405 naming POST', async () => {
    const anonymous = await quoteRest(restBody(), { auth: null });
    const got = await service.call('/applications/quotes');

    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect([got.status, got.headers.get('allow')]).toEqual([405, 'POST']);
  });
});

describe('quotes and reads against the rate limit', () => {
  it('when a client quotes and reads, then each request counts, and past the limit they are refused', async () => {
    const limited = await startTestService({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const auth = `Bearer ${await signTestToken({ sub: 'quoter' })}`;
      const created = await limited.rest(restBody(), { auth });
      const quoted = await limited.call('/applications/quotes', {
        method: 'POST', body: JSON.stringify(restBody()), headers: { 'content-type': 'application/json' }, auth,
      });
      const read = await limited.call(`/applications/orders/${created.body.id}`, { auth });
      const refused = await limited.call(`/applications/orders/${created.body.id}`, { auth });

      expect([created.status, quoted.status, read.status]).toEqual([200, 200, 200]);
      expect(read.headers.get('ratelimit-remaining')).toBe('0');
      expect([refused.status, refused.body.code]).toEqual([429, 'RATE_LIMITED']);
    } finally {
      await limited.close();
    }
  });
});

describe('a quote with a routing provider', () => {
  let osrm: Awaited<ReturnType<typeof startFakeOsrm>>;
  let routed: TestService;
  beforeAll(async () => {
    osrm = await startFakeOsrm();
    routed = await startTestService({ env: { ROUTING_PROVIDER: 'osrm', ROUTING_OSRM_URL: osrm.url } });
  });
  afterAll(async () => {
    await routed?.stop();
    await routed?.close();
    await osrm?.close();
  });

  it('when an order follows its quote, on either face, then it is priced on the same road, asked of the provider once', async () => {
    const body = restBody({ originLatitude: -33.44, destinationLatitude: -33.5 });
    const before = osrm.requests.length;

    const quoted = await routed.call('/applications/quotes', {
      method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' },
    });
    const rest = await routed.rest(body);
    const graphql = (await routed.gql(CREATE_ORDER_FIGURES, { input: toGraphQLInput(body) })).body.data.createOrder.order;

    expect(quoted.body.estimateSource).toBe('road');
    expect(pick(rest.body, FIGURES)).toEqual(quoted.body);
    expect(asRest(pick(graphql, FIGURES))).toEqual(quoted.body);
    // The trip and the approach, each once: the orders were priced from the quote's answers.
    expect(osrm.requests.length - before).toBe(2);
  });
});
