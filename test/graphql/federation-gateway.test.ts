import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SchemaBuilder from '@pothos/core';
import DirectivePlugin from '@pothos/plugin-directives';
import FederationPlugin from '@pothos/plugin-federation';
import { composeServices } from '@theguild/federation-composition';
import { parse } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, startServer, type RunningServer } from '../../bench/child-server.js';
import { installPeers } from '../../bench/peers.js';
import type { CreateOrderMutation } from '../generated/operations.js';
import { CREATE_ORDER } from '../support/operations.js';
import { orderInput, signTestToken, startTestService, type TestService } from '../support/service.js';

// The service as one subgraph of a supergraph, behind Hive Gateway: the gateway the bench runs,
// from bench/peers (graphql 16 and a lock file of their own), in a process of its own. CI installs
// it; elsewhere the test is skipped until it is there (`npm ci` in bench/peers, or a bench run).
const HIVE_GATEWAY = join(REPO, 'bench', 'peers', 'node_modules', '@graphql-hive', 'gateway', 'dist', 'bin.js');
const gatewaySkip = existsSync(HIVE_GATEWAY) || process.env.CI ? null : 'Hive Gateway is not installed in bench/peers: `npm ci` there installs it';
const title = (text: string) => (gatewaySkip ? `${text} (skipped: ${gatewaySkip})` : text);

const DEADLINE_MS = 10_000;

/**
 * A customers service of the test's own, a second subgraph: customers with their orders (only the
 * ids; the orders subgraph has the rest) and each order's customer, joined on Order's key.
 */
function customersSchema(ordersOf: Map<string, string[]>) {
  const builder = new SchemaBuilder<{ DefaultFieldNullability: false }>({ plugins: [DirectivePlugin, FederationPlugin], defaultFieldNullability: false });
  const customerOf = (orderId: string) => [...ordersOf].find(([, ids]) => ids.includes(orderId))?.[0];
  const Customer = builder.objectRef<{ id: string }>('Customer');
  const Order = builder.externalRef('Order', builder.selection<{ id: string }>('id'), ({ id }) => ({ id }));
  Order.implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      customer: t.field({ type: Customer, nullable: true, resolve: ({ id }) => (customerOf(id) ? { id: customerOf(id)! } : null) }),
    }),
  });
  Customer.implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.string({ resolve: ({ id }) => `Customer ${id}` }),
      orders: t.field({ type: [Order], nullable: { list: false, items: true }, resolve: ({ id }) => (ordersOf.get(id) ?? []).map((orderId) => ({ id: orderId })) }),
    }),
  });
  builder.queryType({
    fields: (t) => ({
      customer: t.field({ type: Customer, nullable: true, args: { id: t.arg.id({ required: true }) }, resolve: (_root, { id }) => (ordersOf.has(String(id)) ? { id: String(id) } : null) }),
    }),
  });
  return builder.toSubGraphSchema({ linkUrl: 'https://specs.apollo.dev/federation/v2.6' });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function post(url: string, query: string, variables: Record<string, unknown>, authorization?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(DEADLINE_MS),
  });
  return { status: response.status, body: (await response.json()) as { data?: any; errors?: { message: string; path?: unknown[] }[] } };
}

/** The data of a stream's first `next` event. */
async function firstEvent(response: Response): Promise<unknown> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of response.body!) {
    text += decoder.decode(chunk, { stream: true });
    for (const event of text.split('\n\n').slice(0, -1)) {
      const lines = event.split('\n');
      if (lines.includes('event: next')) return JSON.parse(lines.find((line) => line.startsWith('data: '))!.slice('data: '.length));
    }
  }
  throw new Error(`the stream ended without an event: ${text}`);
}

describe.skipIf(gatewaySkip)(title('the orders subgraph composed with a customers subgraph, behind Hive Gateway'), () => {
  let service: TestService;
  let customers: Server;
  let gateway: RunningServer;
  let dir: string;
  let mine: string;
  let theirs: string;
  let owner: string;
  let other: string;

  beforeAll(async () => {
    // Under CI, what is missing is installed (from bench/peers' lock file) rather than skipped.
    await installPeers();
    service = await startTestService({ listen: true, env: { GRAPHQL_FEDERATION: 'true' } });
    owner = `Bearer ${service.token}`;
    other = `Bearer ${await signTestToken({ sub: 'another-app' })}`;
    const create = async (auth: string) => {
      const result = (await service.gql(CREATE_ORDER, { input: orderInput() }, { auth }).then((r) => r.body.data as CreateOrderMutation)).createOrder;
      if (result.__typename !== 'CreateOrderSuccess') throw new Error(`got ${result.__typename}`);
      return result.order.id;
    };
    mine = await create(owner);
    theirs = await create(other);

    // One customer with both orders: each caller may see only its own through the gateway.
    const customersYoga = createYoga({ schema: customersSchema(new Map([['c-1', [mine, theirs]]])), logging: false });
    customers = createServer(customersYoga);
    const customersUrl = `${await listen(customers)}/graphql`;

    // The orders subgraph's SDL as a gateway's tooling reads it: `_service { sdl }`, with a token.
    const ordersSdl = (await post(`${service.base}/graphql`, '{ _service { sdl } }', {}, owner)).body.data._service.sdl as string;
    const customersSdl = (await post(customersUrl, '{ _service { sdl } }', {})).body.data._service.sdl as string;
    const composed = composeServices([
      { name: 'orders', typeDefs: parse(ordersSdl), url: `${service.base}/graphql` },
      { name: 'customers', typeDefs: parse(customersSdl), url: customersUrl },
    ]);
    if (composed.errors?.length) throw new Error(`composition failed: ${composed.errors.map((e) => e.message).join('; ')}`);

    dir = mkdtempSync(join(tmpdir(), 'federation-gateway-'));
    writeFileSync(join(dir, 'supergraph.graphql'), composed.supergraphSdl!);
    // The caller's Authorization goes on to every subgraph: the orders subgraph answers its owner.
    writeFileSync(
      join(dir, 'gateway.config.mjs'),
      `export const gatewayConfig = {
  propagateHeaders: {
    fromClientToSubgraphs: ({ request }) => ({ authorization: request.headers.get('authorization') ?? undefined }),
  },
};
`,
    );
    gateway = await startServer({
      args: [HIVE_GATEWAY, 'supergraph', join(dir, 'supergraph.graphql'), '-c', join(dir, 'gateway.config.mjs')],
      env: { NODE_ENV: 'production', FORK: '1' },
      readyPath: '/readiness',
      cwd: dir,
    });
  }, 300_000);

  afterAll(async () => {
    await gateway?.stop();
    await new Promise((resolve) => (customers ? customers.close(resolve) : resolve(undefined)));
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  // An order the caller may not see comes back from the orders subgraph's _entities as null; the
  // gateway then answers null in its place in the list, with an error at that place.
  const errorPaths = (errors: { path?: unknown[] }[] = []) => errors.map(({ path }) => path?.slice(0, 3));

  const JOINED = `query Joined($customer: ID!, $order: ID!) {
    customer(id: $customer) { name orders { id status serviceCode } }
    order(id: $order) { id status customer { id name } }
  }`;

  it("one query joins both subgraphs' fields, the orders subgraph answering with the caller's token", async () => {
    const { status, body } = await post(`${gateway.url}/graphql`, JOINED, { customer: 'c-1', order: mine }, owner);
    expect(status).toBe(200);
    expect(errorPaths(body.errors)).toEqual([['customer', 'orders', 1]]);
    expect(body.data).toEqual({
      customer: { name: 'Customer c-1', orders: [{ id: mine, status: 'PENDING', serviceCode: 'TOWING' }, null] },
      order: { id: mine, status: 'PENDING', customer: { id: 'c-1', name: 'Customer c-1' } },
    });
  });

  it("another sub gets null for the order that is not its own, through _entities as through order(id)", async () => {
    const { body } = await post(`${gateway.url}/graphql`, JOINED, { customer: 'c-1', order: mine }, other);
    expect(errorPaths(body.errors)).toEqual([['customer', 'orders', 0]]);
    expect(body.data).toEqual({
      customer: { name: 'Customer c-1', orders: [null, { id: theirs, status: 'PENDING', serviceCode: 'TOWING' }] },
      order: null,
    });
  });

  it("a subscription goes through the gateway over SSE: the order as it is now, joined with its customer", async () => {
    const controller = new AbortController();
    const deadline = setTimeout(() => controller.abort(), DEADLINE_MS);
    try {
      const response = await fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: owner },
        body: JSON.stringify({ query: 'subscription ($id: ID!) { orderUpdated(id: $id) { id status customer { name } } }', variables: { id: mine } }),
        signal: controller.signal,
      });
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(await firstEvent(response)).toEqual({ data: { orderUpdated: { id: mine, status: 'PENDING', customer: { name: 'Customer c-1' } } } });
    } finally {
      clearTimeout(deadline);
      controller.abort();
    }
  });

  it('without a token the orders subgraph refuses, and the gateway says so', async () => {
    const { body } = await post(`${gateway.url}/graphql`, JOINED, { customer: 'c-1', order: mine });
    expect(body.errors?.length).toBeGreaterThan(0);
    expect(body.data?.order ?? null).toBeNull();
  });
});
