import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchema, createYoga } from 'graphql-yoga';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHIQL_ASSETS_PATH, loadGraphiqlAssets, type GraphiqlAssets } from '../../src/graphql/graphiql-assets.js';
import { CREATE_ORDER_EXAMPLE } from '../../src/graphql/graphiql-example.js';
import { graphiqlPage, wantsGraphiql } from '../../src/graphql/graphiql-page.js';
import { fromNode } from '../../src/http/node-adapter.js';
import { browserSkip, inBrowser, launchBrowser, type TestBrowser } from '../support/browser.js';

// The contract's createOrder, cut down to what the example asks for; the resolver keeps what it got.
const typeDefs = /* GraphQL */ `
  enum ServiceCode { TOWING BATTERY_JUMP_START TYRE_CHANGE }
  input CreateOrderInput {
    originLatitude: Float! originLongitude: Float! destinationLatitude: Float destinationLongitude: Float
    serviceCode: ServiceCode! phoneNumber: String! vehicleIdentification: String!
  }
  interface Error { message: String! code: String! }
  type InvalidInputError implements Error { message: String! code: String! field: String! }
  type Order { id: ID! status: String! pendingStatus: String totalAmount: Float! currency: String! paymentProviderReference: String! }
  type CreateOrderSuccess { order: Order! }
  union CreateOrderResult = CreateOrderSuccess | InvalidInputError
  type Query { ping: Boolean }
  type Mutation { createOrder(input: CreateOrderInput!): CreateOrderResult! }
`;

interface Received {
  input: unknown;
  authorization: string | null;
}

/** A loopback server answering GraphiQL's page and files, and GraphQL through a small yoga. */
async function serveGraphiql(assets: GraphiqlAssets, token?: string) {
  const received: Received[] = [];
  const schema = createSchema<{ request: Request }>({
    typeDefs,
    resolvers: {
      Mutation: {
        createOrder(_root, { input }, { request }) {
          received.push({ input, authorization: request.headers.get('authorization') });
          const order = { id: '4711', status: 'PENDING', pendingStatus: 'PENDING_PAYMENT', totalAmount: 38496, currency: 'CLP' };
          return { __typename: 'CreateOrderSuccess', order: { paymentProviderReference: 'https://pay.test/4711', ...order } };
        },
      },
    },
  });
  const yoga = createYoga({ schema, graphiql: false, landingPage: false, logging: false });

  const send = (res: ServerResponse, { status, headers, body }: { status: number; headers: Record<string, string>; body: string | Uint8Array }) => {
    res.writeHead(status, headers);
    res.end(body);
  };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path.startsWith(GRAPHIQL_ASSETS_PATH)) return send(res, await assets.respond(fromNode(req), path));
    if (path === '/graphql' && wantsGraphiql(req.method ?? '', req.headers.accept)) {
      return send(res, graphiqlPage(assets.urls, { token }));
    }
    return yoga(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// Monaco draws spaces as no-break spaces, one element a line, and only the lines in view.
const editorText = async (page: Page, selector: string) =>
  (await page.locator(selector).locator('visible=true').innerText()).replace(/\u00a0/g, ' ');
const shows = (page: Page, selector: string, text: string) =>
  expect.poll(() => editorText(page, selector)).toContain(text);

// Monaco starts its workers when an editor first needs one: the run is only over once all three
// kinds run, from the service's files (not Monaco's fallback onto the page's own thread).
async function workersStarted(page: Page) {
  const kinds = () => new Set(page.workers().map((w) => new URL(w.url()).pathname.split('.')[0]));
  await expect.poll(kinds).toEqual(new Set(['/graphiql/editor', '/graphiql/json', '/graphiql/graphql']));
}

/** Opens the page, shows the headers tab, runs the pre-filled operation and waits for its answer. */
async function runExample(page: Page, origin: string) {
  await page.goto(`${origin}/graphql`);
  await page.locator('button[data-name="headers"]').click();
  await page.locator('button.graphiql-execute-button').click();
  await expect.poll(() => page.locator('.graphiql-response').innerText()).toContain('CreateOrderSuccess');
  await workersStarted(page);
}

const QUERY_EDITOR = '.graphiql-query-editor .view-lines';
// The variables and the headers editors share this place; one of them is shown at a time.
const TOOL_EDITOR = '.graphiql-editor-tool .view-lines';

describe.skipIf(browserSkip !== null)(inBrowser('GraphiQL in a browser, from the service alone'), () => {
  let assets: GraphiqlAssets;
  let browser: TestBrowser;
  beforeAll(async () => {
    assets = await loadGraphiqlAssets();
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('when opened with a token, then it shows the example and the token, and running it creates an order', async () => {
    const token = 'dev.token.for-the-test';
    const server = await serveGraphiql(assets, token);
    browser.allow(server.origin);
    const page = await browser.context.newPage();
    try {
      await runExample(page, server.origin);

      expect(await page.locator('#root').innerText()).not.toContain('Cargando');
      await shows(page, QUERY_EDITOR, 'mutation CreateOrder($input: CreateOrderInput!)');
      await shows(page, TOOL_EDITOR, `"Authorization": "Bearer ${token}"`);
      await page.locator('button[data-name="variables"]').click();
      await shows(page, TOOL_EDITOR, '"serviceCode": "TOWING"');
      await shows(page, '.graphiql-response', '"id": "4711"');
      expect(server.received).toEqual([{ input: CREATE_ORDER_EXAMPLE.variables.input, authorization: `Bearer ${token}` }]);
      expect(browser.refused).toEqual([]);
      expect(browser.problems).toEqual([]);
    } finally {
      await page.close();
      await server.close();
    }
  });

  it('when opened without a token, then the headers are empty and the order is asked for without one', async () => {
    const server = await serveGraphiql(assets);
    browser.allow(server.origin);
    const page = await browser.context.newPage();
    try {
      await runExample(page, server.origin);

      expect(await editorText(page, TOOL_EDITOR)).not.toContain('Authorization');
      expect(server.received).toEqual([{ input: CREATE_ORDER_EXAMPLE.variables.input, authorization: null }]);
      expect(browser.refused).toEqual([]);
      expect(browser.problems).toEqual([]);
    } finally {
      await page.close();
      await server.close();
    }
  });
});
