import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_ASSETS_PATH } from '../../src/reference/docs-assets.js';
import { DOCS_CSP } from '../../src/http/security-headers.js';
import { startTestService, type TestService } from '../support/service.js';

const html = { accept: 'text/html,application/xhtml+xml' };
const open = (service: TestService, path: string, init: RequestInit = {}) => service.call(path, { auth: null, ...init });

/** The files the page names, in the order it names them. */
const filesOf = (page: string) => [...page.matchAll(/(?:src|href)="(\/docs\/assets\/[^"]+)"/g)].map((m) => m[1]!);

/** The options the page hands Scalar, read back from its JSON data block. */
function optionsOf(page: string) {
  const block = /<script type="application\/json" id="docs-options">(.*?)<\/script>/s.exec(page);
  return JSON.parse(block![1]!);
}

describe('GET /docs, as development runs the service', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service?.close());

  it('when a browser opens it, then it answers 200 with a page under its own policy, naming only files of the service', async () => {
    const { status, headers, text } = await open(service, '/docs', { headers: html });
    const scripts = text.match(/<script\b[^>]*>/g) ?? [];

    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(headers.get('content-security-policy')).toBe(DOCS_CSP);
    expect(DOCS_CSP).toContain("default-src 'none'");
    expect(DOCS_CSP).toMatch(/script-src 'self'(;|$)/m);
    expect(DOCS_CSP).toContain("connect-src 'self'");
    expect(DOCS_CSP).toContain("frame-ancestors 'none'");
    expect(DOCS_CSP).not.toMatch(/unsafe-eval|https?:/);
    expect(Object.fromEntries(headers)).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cache-control': 'no-cache',
    });
    expect(scripts.every((tag) => tag.includes(` src="${DOCS_ASSETS_PATH}`) || tag.includes('type="application/json"'))).toBe(true);
    expect(text).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(filesOf(text)).toHaveLength(3);
  });

  it("when the page is read, then Scalar renders the service's own document, with what reaches outside turned off", async () => {
    const { text } = await open(service, '/docs', { headers: html });
    const options = optionsOf(text);
    const document = await open(service, options.url);

    expect(options).toMatchObject({ url: '/openapi.json', telemetry: false, withDefaultFonts: false, hideClientButton: true, agent: { disabled: true }, mcp: { disabled: true } });
    expect(document.status).toBe(200);
    expect(document.body.paths['/applications/orders'].post).toBeDefined();
    expect(document.body.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('when the page is read, then it links to GraphiQL and to the document', async () => {
    const { text } = await open(service, '/docs', { headers: html });

    expect(text).toContain('<a href="/graphql">');
    expect(text).toContain('<a href="/openapi.json">');
  });

  it('when each file the page names is fetched, then it comes with its type, cached for good, and not for other sites', async () => {
    const { text } = await open(service, '/docs', { headers: html });
    const types: string[] = [];
    for (const file of filesOf(text)) {
      const answer = await open(service, file);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(answer.text.length).toBeGreaterThan(0);
      types.push(answer.headers.get('content-type')!);
    }

    expect(types.sort()).toEqual(['text/css; charset=utf-8', 'text/javascript; charset=utf-8', 'text/javascript; charset=utf-8']);
  });

  it("when Scalar's bundle is fetched, then it is the package's browser build, names no source map, and comes gzipped to a client that takes it", async () => {
    const { text } = await open(service, '/docs', { headers: html });
    const bundle = filesOf(text).find((file) => file.includes('/scalar.'))!;
    const plain = await open(service, bundle);
    const response = await service.app.fetch(`http://service.test${bundle}`, { headers: { 'accept-encoding': 'gzip' } });
    const gzipped = Buffer.from(await response.arrayBuffer());

    expect(plain.text).toContain('createApiReference');
    expect(plain.text).not.toMatch(/sourceMappingURL=\S+\s*$/);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gzipped).toString('utf8')).toBe(plain.text);
  });

  it('when a client has a file already, then it answers 304 with no body', async () => {
    const { text } = await open(service, '/docs', { headers: html });
    const [file] = filesOf(text);
    const first = await open(service, file!);
    const again = await open(service, file!, { headers: { 'if-none-match': first.headers.get('etag')! } });

    expect([again.status, again.text]).toEqual([304, '']);
  });

  it('when a file is unknown or the method is not GET, then it answers 404 or 405', async () => {
    const unknown = await open(service, `${DOCS_ASSETS_PATH}scalar.0000000000000000.js`);
    const posted = await open(service, '/docs', { method: 'POST' });

    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    expect([posted.status, posted.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  it('when GraphiQL and the home page are opened, then they link to /docs', async () => {
    const graphiql = await open(service, '/graphql', { headers: html });
    const home = await open(service, '/', { headers: html });
    const links = await open(service, '/', { headers: { accept: 'application/json' } });

    expect(graphiql.text).toContain('<a href="/docs"');
    expect(home.text).toContain('<a href="/docs">');
    expect(links.body.docs).toBe('/docs');
  });
});

describe('GET /docs in production', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => service?.close());

  it('when API_DOCS is not set, then neither the page nor its files are served, and the home page does not offer it', async () => {
    const page = await open(service, '/docs', { headers: html });
    const file = await open(service, `${DOCS_ASSETS_PATH}start.0000000000000000.js`);
    const home = await open(service, '/', { headers: { accept: 'application/json' } });

    expect([page.status, file.status]).toEqual([404, 404]);
    expect(home.body.docs).toBeNull();
  });
});

describe('GET /docs in production with API_DOCS=true', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ env: { NODE_ENV: 'production', API_DOCS: 'true' } });
  });
  afterAll(() => service?.close());

  it('when opened, then the page is served, and names GraphQL without a link to GraphiQL, which is off', async () => {
    const { status, text } = await open(service, '/docs', { headers: html });

    expect(status).toBe(200);
    expect(text).not.toContain('href="/graphql"');
    expect(text).toContain('<code>POST /graphql</code>');
  });
});
