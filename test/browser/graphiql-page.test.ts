import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, GRAPHIQL_ASSETS_PATH, loadGraphiqlAssets, type GraphiqlAssets } from '../../src/graphql/graphiql-assets.js';
import { CREATE_ORDER_EXAMPLE } from '../../src/graphql/graphiql-example.js';
import { GRAPHIQL_TITLE, graphiqlPage, wantsGraphiql } from '../../src/graphql/graphiql-page.js';
import type { PlainRequest } from '../../src/http/plain.js';
import { startTestService, type TestService } from '../support/service.js';

const get = (headers: Record<string, string> = {}, method = 'GET'): PlainRequest => ({
  method,
  header: (name) => headers[name],
  text: async () => '',
});

/** The options the page hands GraphiQL, read back from its JSON data block. */
function optionsOf(html: string) {
  const block = /<script type="application\/json" id="graphiql-options">(.*?)<\/script>/s.exec(html);
  return JSON.parse(block![1]!);
}

let assets: GraphiqlAssets;
beforeAll(async () => {
  assets = await loadGraphiqlAssets();
});

describe('the GraphiQL page', () => {
  it('when given a token, then its headers carry it, and the answer is never cached', () => {
    const page = graphiqlPage(assets.urls, { token: 'abc.def.ghi' });

    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(optionsOf(page.body).graphiql.headers)).toEqual({ Authorization: 'Bearer abc.def.ghi' });
  });

  it('when given no token, then there are no headers to pre-fill', () => {
    const page = graphiqlPage(assets.urls);

    expect(optionsOf(page.body).graphiql.headers).toBeUndefined();
    expect(page.body).not.toContain('Bearer');
  });

  it('when rendered, then it has the title and the example, and runs no inline script', () => {
    const page = graphiqlPage(assets.urls);
    const { graphiql, workers } = optionsOf(page.body);
    const scripts = page.body.match(/<script\b[^>]*>/g) ?? [];

    expect(page.body).toContain(`<title>${GRAPHIQL_TITLE}</title>`);
    expect(graphiql).toMatchObject({ title: GRAPHIQL_TITLE, endpoint: '/graphql', query: CREATE_ORDER_EXAMPLE.query });
    expect(JSON.parse(graphiql.variables)).toEqual(CREATE_ORDER_EXAMPLE.variables);
    expect(workers).toEqual(assets.urls.workers);
    expect(scripts.every((tag) => tag.includes(' src="/') || tag.includes('type="application/json"'))).toBe(true);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY' });
  });

  it('when a token holds markup, then it stays inside the data block', () => {
    const page = graphiqlPage(assets.urls, { token: '</script><script>alert(1)</script>' });

    expect(page.body.match(/<\/script>/g)).toHaveLength(3);
    expect(optionsOf(page.body).graphiql.headers).toContain('</script><script>alert(1)</script>');
  });

  it.each([
    ['GET', 'text/html,application/xhtml+xml', true],
    ['GET', 'application/json', false],
    ['POST', 'text/html', false],
    ['GET', undefined, false],
  ])('when a %s asks for %s, then it is a GraphiQL request: %s', (method, accept, expected) => {
    expect(wantsGraphiql(method, accept)).toBe(expected);
  });
});

describe("GraphiQL's files", () => {
  const all = () => [assets.urls.css, assets.urls.js, assets.urls.start, assets.urls.favicon, ...Object.values(assets.urls.workers)];

  it('when each is asked for, then it comes with its type, cached for good, under the path', async () => {
    for (const url of all()) {
      const answer = await assets.respond(get(), url);
      expect(url.startsWith(GRAPHIQL_ASSETS_PATH)).toBe(true);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.body.length).toBeGreaterThan(0);
    }
    expect((await assets.respond(get(), assets.urls.css)).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await assets.respond(get(), assets.urls.js)).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await assets.respond(get(), assets.urls.favicon)).headers['content-type']).toBe('image/x-icon');
    expect((await assets.respond(get(), assets.urls.workers.json)).headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('when the client takes gzip, then the bytes come compressed and unpack to the same file', async () => {
    const plain = await assets.respond(get(), assets.urls.js);
    const gzipped = await assets.respond(get({ 'accept-encoding': 'gzip, deflate, br' }), assets.urls.js);

    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toBe('accept-encoding');
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 3);
    expect(gunzipSync(gzipped.body as Uint8Array).equals(plain.body as Buffer)).toBe(true);
  });

  it('when the client has the file already, then it answers 304 with no body', async () => {
    const first = await assets.respond(get(), assets.urls.css);
    const again = await assets.respond(get({ 'if-none-match': first.headers.etag! }), assets.urls.css);

    expect([again.status, again.body.length]).toEqual([304, 0]);
  });

  it('when the file is unknown or the method is not GET, then it answers 404 or 405', async () => {
    const unknown = await assets.respond(get(), `${GRAPHIQL_ASSETS_PATH}graphiql.0000000000000000.js`);
    const posted = await assets.respond(get({}, 'POST'), assets.urls.js);

    expect([unknown.status, JSON.parse(String(unknown.body)).code]).toEqual([404, 'NOT_FOUND']);
    expect([posted.status, posted.headers.allow]).toEqual([405, 'GET, HEAD']);
  });

  it.each([
    ['gzip', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['gzip;q=0', false],
    ['br, deflate', false],
    [undefined, false],
  ])('when Accept-Encoding is %s, then gzip is taken: %s', (value, expected) => {
    expect(acceptsGzip(value)).toBe(expected);
  });
});

describe("the page's example", () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service?.close());

  it('when run as pre-filled against the service, then it creates an order', async () => {
    const { status, body } = await service.gql(CREATE_ORDER_EXAMPLE.query, CREATE_ORDER_EXAMPLE.variables);

    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data.createOrder).toMatchObject({ __typename: 'CreateOrderSuccess', order: { status: 'PENDING', currency: 'CLP' } });
  });
});
