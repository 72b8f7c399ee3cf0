import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { ERROR_TABLE } from '../../../src/http/error-table.js';
import { createOpenApiDocument } from '../../../src/reference/openapi.js';
import { createOpenApiRoute } from '../../../src/reference/openapi-route.js';
import type { PlainRequest } from '../../../src/http/plain.js';
import { createOpenApiValidator } from '../../support/openapi-validator.js';

const document = createOpenApiDocument({ publicUrl: 'https://orders.example', legacyPaymentField: 'flowReference' });
const operation = document.paths['/applications/orders'].post;
const responses = operation.responses as Record<string, any>;

// CONTRACT.md §3, the error table of the REST route as integrators were promised it.
const CONTRACT: [number, string][] = [
  [400, 'NO_OPERATOR_AVAILABLE'], [400, 'INVALID_INPUT'], [400, 'MALFORMED_JSON'], [401, 'UNAUTHENTICATED'],
  [413, 'PAYLOAD_TOO_LARGE'], [415, 'UNSUPPORTED_MEDIA_TYPE'], [502, 'PAYMENT_PROVIDER_UNAVAILABLE'],
  [429, 'RATE_LIMITED'], [502, 'UPSTREAM_UNAVAILABLE'], [502, 'UPSTREAM_BAD_RESPONSE'], [504, 'UPSTREAM_TIMEOUT'],
  [503, 'STORE_UNAVAILABLE'], [503, 'ORDER_OUTCOME_UNKNOWN'], [500, 'INTERNAL'],
  // The README's refusals of an Idempotency-Key.
  [409, 'IDEMPOTENCY_KEY_IN_USE'], [422, 'IDEMPOTENCY_KEY_REUSED'],
];

/** The codes the document allows for an error status, from its body schema (one, or one of several). */
function codesAt(status: number): string[] {
  const name = responses[status].content['application/json'].schema.$ref.split('/').pop();
  const { code } = (document.components.schemas as any)[name].properties;
  return code.enum ?? [code.const];
}

describe('the OpenAPI document', () => {
  it('when checked against the OpenAPI 3.1 schema, then it is valid and its references resolve', async () => {
    for (const options of [{}, { publicUrl: 'https://orders.example', legacyPaymentField: 'flowReference' }]) {
      const validator = new Validator();
      const result = await validator.validate(JSON.parse(JSON.stringify(createOpenApiDocument(options))));

      expect(result.errors ?? []).toEqual([]);
      expect([result.valid, validator.version]).toEqual([true, '3.1']);
      expect(() => validator.resolveRefs()).not.toThrow();
    }
  });

  it.each(CONTRACT)('when the route answers %i %s, then the document has that code at that status', (status, code) => {
    expect(codesAt(status)).toContain(code);
  });

  it("when the error table holds a code the document has, then they agree on its status", () => {
    for (const [status, code] of CONTRACT) {
      const entry = (ERROR_TABLE as Record<string, { status: number } | undefined>)[code];
      if (entry) expect([code, entry.status]).toEqual([code, status]);
    }
  });

  // What Hive Gateway's OpenAPI source needs to make good GraphQL of it (checked by hand with
  // @omnigraph/openapi 0.112): a named operation; one named object schema a status, which it maps
  // the status to; one type for `code` in every error, which union members can then share.
  it('when a gateway reads it, then each operation is named and each response is one named, described schema', () => {
    const operations = Object.values(document.paths).flatMap((path) => Object.values(path) as any[]);
    expect(operations.map((o) => o.operationId)).toEqual(['createOrder', 'getOrder', 'cancelOrder', 'quoteOrder']);
    for (const [status, response] of operations.flatMap((o) => Object.entries(o.responses as Record<string, any>))) {
      expect(response.description.length).toBeGreaterThan(0);
      const { $ref } = response.content['application/json'].schema;
      expect($ref).toMatch(/^#\/components\/schemas\/\w+$/);
      if (status !== '200') {
        expect((document.components.schemas as any)[$ref.split('/').pop()].properties.code.$ref).toBe('#/components/schemas/ErrorCode');
      }
    }
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['CreateOrderRequest', 'Order', 'Partner', 'ErrorCode', 'BadRequestError', 'BadGatewayError']),
    );
    expect(document.servers).toEqual([{ url: 'https://orders.example' }]);
  });

  it("when an order is read or quoted, then its answers name the codes of their own: another's order is not found, a gateway gives no quotes", () => {
    const read = document.paths['/applications/orders/{id}'].get.responses as Record<string, any>;
    const quote = document.paths['/applications/quotes'].post.responses as Record<string, any>;

    expect(Object.keys(read)).toEqual(['200', '401', '404', '429', '500', '503']);
    expect(read[404].description).toContain('ORDER_NOT_FOUND');
    expect(Object.keys(quote)).toEqual(['200', '400', '401', '413', '415', '429', '500']);
    expect(quote[400].description).toContain('UNAVAILABLE_IN_GATEWAY_MODE');
    expect(quote[400].description).not.toContain('PAYMENT_PROVIDER');
  });

  it('when a deployment names a legacy payment key, then the order requires it', () => {
    expect(document.components.schemas.Order).toMatchObject({ required: expect.arrayContaining(['flowReference', 'currency']) });
    expect(createOpenApiDocument().components.schemas.Order).not.toHaveProperty('properties.flowReference');
  });
});

describe("the owner's cancel in the document", () => {
  const cancel = document.paths['/applications/orders/{id}/cancel'].post;
  const cancelResponses = cancel.responses as Record<string, any>;
  const schemaAt = (status: number) => (document.components.schemas as any)[cancelResponses[status].content['application/json'].schema.$ref.split('/').pop()];

  it.each([
    [400, 'INVALID_INPUT'], [400, 'MALFORMED_JSON'], [400, 'UNAVAILABLE_IN_GATEWAY_MODE'], [401, 'UNAUTHENTICATED'],
    [404, 'ORDER_NOT_FOUND'], [409, 'INVALID_TRANSITION'], [413, 'PAYLOAD_TOO_LARGE'], [415, 'UNSUPPORTED_MEDIA_TYPE'],
    [429, 'RATE_LIMITED'], [500, 'INTERNAL'], [503, 'STORE_UNAVAILABLE'],
  ])('when it answers %i %s, then the document has that code at that status, as the error table does', (status, code) => {
    const { code: allowed } = schemaAt(status).properties;

    expect(allowed.enum ?? [allowed.const]).toContain(code);
    expect((ERROR_TABLE as Record<string, { status: number }>)[code]!.status).toBe(status);
  });

  // Error schemas are shared by status: the cancel's 404 is the read's, its 400 the order's.
  it('when a gateway reads it, then it is named, and each response is the named schema of its status', () => {
    const others = [responses, document.paths['/applications/orders/{id}'].get.responses as Record<string, any>];
    expect(cancel.operationId).toBe('cancelOrder');
    for (const [status, response] of Object.entries(cancelResponses)) {
      const { $ref } = response.content['application/json'].schema;
      if (status === '200') expect($ref).toBe('#/components/schemas/Order');
      else expect($ref).toMatch(/^#\/components\/schemas\/\w+Error$/);
      for (const other of others.filter((responsesOf) => status !== '200' && responsesOf[status])) {
        expect(other[status].content['application/json'].schema.$ref).toBe($ref);
      }
    }
    expect(schemaAt(404)).toBe((document.components.schemas as any).NotFoundError);
  });

  it("when an invalid transition is answered, then the body must say the order's state", () => {
    const { problems } = createOpenApiValidator(createOpenApiDocument());
    const conflict = (body: object) => ({ status: 409, headers: new Headers({ 'content-type': 'application/json' }), body });
    const base = { message: 'x', code: 'INVALID_TRANSITION' };

    expect(problems('POST', '/applications/orders/{id}/cancel', conflict({ ...base, status: 'finished', pendingStatus: null }))).toEqual([]);
    expect(problems('POST', '/applications/orders/{id}/cancel', conflict(base)).join('\n')).toContain("must have required property 'status'");
  });
});

// An order as the service writes it (the README's), every field the document lists.
const order = {
  id: 1, status: 'pending', pendingStatus: 'pending_payment',
  paymentProviderReference: 'http://localhost:4000/sandbox/payments/9932d9fd-be7b-44fb-b346-933b930f317c',
  originLatitude: -33.4378, originLongitude: -70.6505, destinationLatitude: -33.495, destinationLongitude: -70.58,
  originTitle: '-33.43780, -70.65050', destinationTitle: '-33.49500, -70.58000', serviceCode: 1,
  vehicleIdentification: 'AB12CD', duration: '1368s', distance: 11404, totalAmount: 38685,
  partnerAmount: 32882, platformAmount: 5803, currency: 'CLP', partnerDistance: 2317, partnerDuration: '278s',
  clientName: null, clientPhone: '+56912345678', partner: null,
  createdAt: '2026-11-25T13:51:09.147Z', updatedAt: '2026-11-25T13:51:09.147Z', estimateSource: 'great_circle',
};

describe('the answer validator', () => {
  const { problems } = createOpenApiValidator(createOpenApiDocument());
  const headers = (entries: Record<string, string> = {}) => new Headers({ 'content-type': 'application/json; charset=utf-8', ...entries });
  const answer = (status: number, body: unknown, extra: Record<string, string> = {}) => ({ status, headers: headers(extra), body });
  const limited = { 'retry-after': '30', 'ratelimit-limit': '600', 'ratelimit-remaining': '0', 'ratelimit-reset': '30' };
  const tooMany = { message: 'Demasiadas solicitudes', code: 'RATE_LIMITED' };

  it('when an answer keeps to the document, then it has no problems', () => {
    expect(problems('POST', '/applications/orders', answer(429, tooMany, limited))).toEqual([]);
    expect(problems('POST', '/applications/orders', answer(503, { message: 'x', code: 'ORDER_OUTCOME_UNKNOWN' }, { 'retry-after': '1' }))).toEqual([]);
  });

  it.each([
    ['an undocumented status', answer(418, { message: 'x', code: 'TEAPOT' }), 'status 418 is not documented'],
    ['a code of another status', answer(400, { message: 'x', code: 'PAYLOAD_TOO_LARGE' }), 'body'],
    ['an invalid input without its field', answer(400, { message: 'x', code: 'INVALID_INPUT' }), 'body'],
    ['a 401 without WWW-Authenticate', answer(401, { message: 'x', code: 'UNAUTHENTICATED' }), 'header WWW-Authenticate is missing'],
    ['a 429 whose Retry-After is a word', answer(429, tooMany, { ...limited, 'retry-after': 'soon' }), 'header Retry-After'],
    ['a 429 without its RateLimit headers', answer(429, tooMany, { 'retry-after': '30' }), 'header RateLimit-Limit is missing'],
    ['an error sent as text', { status: 415, headers: new Headers({ 'content-type': 'text/plain' }), body: 'no' }, 'content type'],
    ['an order without currency', answer(200, { id: 1, status: 'pending' }), "must have required property 'currency'"],
    ['an order with a field the document does not list', answer(200, { ...order, surcharge: 0 }), 'must NOT have unevaluated properties {"unevaluatedProperty":"surcharge"}'],
    ['an error with a field of another error', answer(503, { message: 'x', code: 'STORE_UNAVAILABLE', field: 'id' }, { 'retry-after': '1' }), '"unevaluatedProperty":"field"'],
  ])('when it gets %s, then it says what is wrong', (_, bad, expected) => {
    expect(problems('POST', '/applications/orders', bad).join('\n')).toContain(expected);
  });

  it('when an order holds every field the document lists, then it matches, with and without estimateSource', () => {
    const { estimateSource: _, ...legacyFields } = order;

    expect(problems('POST', '/applications/orders', answer(200, order))).toEqual([]);
    expect(problems('POST', '/applications/orders', answer(200, legacyFields))).toEqual([]);
  });

  it('when extra properties are allowed, then an order with fields of its own matches, as the document lets clients expect', () => {
    const { problems: lenient } = createOpenApiValidator(createOpenApiDocument(), { extraProperties: 'allowed' });

    expect(lenient('POST', '/applications/orders', answer(200, { ...order, channel: 'integrations-api' }))).toEqual([]);
  });
});

describe('GET /openapi.json', () => {
  const route = createOpenApiRoute({ publicUrl: 'https://orders.example' });
  const request = (method: string): PlainRequest => ({ method, header: () => undefined, text: async () => '' });

  it('when asked for, then it answers the document as JSON', async () => {
    const { status, headers, body } = await route(request('GET'), '/openapi.json');

    expect(status).toBe(200);
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(String(body))).toEqual(JSON.parse(JSON.stringify(createOpenApiDocument({ publicUrl: 'https://orders.example' }))));
  });

  it('when posted to, then it answers 405', async () => {
    expect((await route(request('POST'), '/openapi.json')).status).toBe(405);
  });
});
