import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_ORDER } from '../support/operations.js';
import { restBody, startTestService, type TestService } from '../support/service.js';

const { serviceId, ...trip } = restBody();
const misspelled = { input: { ...trip, serviceCode: 'TOWIN' } };
const html = { accept: 'text/html' };

describe('with NODE_ENV=production', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => service.close());

  it('when introspection is asked for, then it is refused and no schema is given', async () => {
    const { body } = await service.gql(getIntrospectionQuery());
    expect(body.data).toBeUndefined();
    expect(body.errors[0].message).toMatch(/introspection/i);
  });

  it('when a browser opens /graphql, then no GraphiQL page or file is served', async () => {
    const page = await service.call('/graphql', { headers: html, auth: null });
    expect(page.text).not.toMatch(/graphiql/i);
    expect((await service.call('/graphiql/start.js', { auth: null })).status).toBe(404);
  });

  it.each<[string, { query: string; variables?: Record<string, unknown> }]>([
    ['a misspelled field', { query: '{ ordr(id: "1") { id } }' }],
    ['a misspelled enum value', { query: CREATE_ORDER, variables: misspelled }],
  ])('when an operation has %s, then the error suggests no name of the schema', async (_, operation) => {
    const { text } = await service.gql(operation.query, operation.variables ?? {});
    expect(text).toMatch(/errors/);
    expect(text).not.toMatch(/Did you mean/);
  });
});

describe('in production with GRAPHQL_INTROSPECTION=true and GRAPHIQL=true', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ env: { NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true', GRAPHIQL: 'true' } });
  });
  afterAll(() => service.close());

  it('when asked, then both are served, without a token in the page', async () => {
    expect((await service.gql(getIntrospectionQuery())).body.data.__schema).toBeDefined();
    const page = await service.call('/graphql', { headers: html, auth: null });
    expect(page.text).toMatch(/graphiql/i);
    expect(page.text).not.toMatch(/Bearer/);
  });
});

describe('outside production', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.close());

  it('when a field is misspelled, then the error suggests the right one, for developers', async () => {
    expect((await service.gql('{ ordr(id: "1") { id } }')).text).toMatch(/Did you mean/);
  });

  it.each([
    ['GraphiQL', '/graphql', html],
    ['the home page', '/', html],
  ])('when a browser opens %s, then the page carries the security headers', async (_, path, headers) => {
    const page = await service.call(path, { headers, auth: null });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('CORS', () => {
  const ALLOWED = 'https://app.example';
  const preflight = (origin: string) => ({
    method: 'OPTIONS',
    auth: null,
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
  });

  describe('with no CORS_ORIGINS', () => {
    let service: TestService;
    beforeAll(async () => {
      service = await startTestService();
    });
    afterAll(() => service.close());

    it.each(['/graphql', '/applications/orders'])('when a page of any origin calls %s, then no CORS header lets it read', async (path) => {
      const answer = await service.call(path, preflight('https://evil.example'));
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      const rest = await service.rest(restBody(), { headers: { origin: 'https://evil.example' } });
      expect(rest.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe(`with CORS_ORIGINS=${ALLOWED}`, () => {
    let service: TestService;
    beforeAll(async () => {
      service = await startTestService({ env: { CORS_ORIGINS: `${ALLOWED}, https://admin.example` } });
    });
    afterAll(() => service.close());

    it.each(['/graphql', '/applications/orders'])('when the allowed origin preflights %s, then it may, without credentials', async (path) => {
      const answer = await service.call(path, preflight(ALLOWED));
      expect(answer.status).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe(ALLOWED);
      expect(answer.headers.get('access-control-allow-headers')).toMatch(/authorization/);
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    });

    it('when the allowed origin calls both faces, then each answer names it, and never another', async () => {
      const rest = await service.rest(restBody(), { headers: { origin: ALLOWED } });
      const graphql = await service.call('/graphql', {
        method: 'POST',
        headers: { origin: ALLOWED, 'content-type': 'application/json' },
        body: JSON.stringify({ query: CREATE_ORDER, variables: { input: { ...trip, serviceCode: 'TOWING' } } }),
      });
      expect([rest.status, graphql.status]).toEqual([200, 200]);
      expect([rest.headers.get('access-control-allow-origin'), graphql.headers.get('access-control-allow-origin')]).toEqual([ALLOWED, ALLOWED]);
      expect(graphql.headers.get('access-control-allow-credentials')).toBeNull();
    });

    it('when another origin calls, then its origin is not reflected', async () => {
      const answer = await service.rest(restBody(), { headers: { origin: 'https://evil.example' } });
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    });
  });
});
