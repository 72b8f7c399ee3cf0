import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHomePage, prefersJson } from '../../src/http/home-page.js';
import { fromNode, sendNode } from '../../src/http/node-adapter.js';
import type { PlainRequest } from '../../src/http/plain.js';
import { browserSkip, inBrowser, launchBrowser } from '../support/browser.js';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

const request = (accept?: string, method = 'GET'): PlainRequest => ({
  method,
  header: (name) => (name === 'accept' ? accept : undefined),
  text: async () => '',
});

describe('GET /', () => {
  const home = createHomePage({ graphiql: true });

  it('when a browser asks, then a short page points at GraphQL, the OpenAPI document, health and the README', async () => {
    const { status, headers, body } = await home(request(BROWSER_ACCEPT), '/');

    expect(status).toBe(200);
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    for (const link of ['href="/graphql"', 'href="/openapi.json"', 'href="/healthz"', 'href="/readyz"', 'README.md']) {
      expect(body).toContain(link);
    }
    expect(headers).toMatchObject({ vary: 'accept', 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' });
    expect(headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('when the client asks for JSON, then the same links come as JSON', async () => {
    const { status, headers, body } = await home(request('application/json'), '/');

    expect(status).toBe(200);
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(String(body))).toMatchObject({ graphql: '/graphql', graphiql: '/graphql', openapi: '/openapi.json', healthz: '/healthz', readyz: '/readyz' });
  });

  it('when GraphiQL is off, then the page offers no link a browser would open it with', async () => {
    const { body } = await createHomePage({ graphiql: false })(request(BROWSER_ACCEPT), '/');
    const json = JSON.parse(String((await createHomePage({ graphiql: false })(request("application/json"), "/")).body));

    expect(body).not.toContain('href="/graphql"');
    expect(json.graphiql).toBeNull();
  });

  it('when the method is not GET, then it answers 405', async () => {
    const { status, headers } = await home(request(undefined, 'POST'), '/');
    expect([status, headers.allow]).toEqual([405, 'GET, HEAD']);
  });

  it.each([
    ['application/json', true],
    ['application/json, text/html;q=0.5', true],
    ['text/html, application/json;q=0.9', false],
    [BROWSER_ACCEPT, false],
    ['*/*', false],
    ['application/*', true],
    [undefined, false],
  ])('when Accept is %s, then JSON is preferred: %s', (accept, expected) => {
    expect(prefersJson(accept)).toBe(expected);
  });
});

describe.skipIf(browserSkip !== null)(inBrowser('the home page in a browser'), () => {
  let origin: string;
  const server = createServer(async (req, res) => sendNode(res, await createHomePage({ graphiql: true })(fromNode(req), '/')));
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('when opened, then it shows its links, styled, with nothing refused by its policy', async () => {
    const browser = await launchBrowser();
    browser.allow(origin);
    try {
      const page = await browser.context.newPage();
      await page.goto(`${origin}/`);

      expect(await page.locator('a[href="/openapi.json"]').count()).toBe(1);
      expect(await page.evaluate(() => getComputedStyle(document.body).maxWidth)).not.toBe('none');
      expect(browser.problems).toEqual([]);
      expect(browser.refused).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
