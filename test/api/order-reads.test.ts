import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderHistoryQuery, OrderQuery, OrdersQuery } from '../generated/operations.js';
import { ORDER, ORDER_HISTORY, ORDERS } from '../support/operations.js';
import { restBody, signTestToken, startTestService, type TestService } from '../support/service.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ env: { PAYMENT_REFERENCE_LEGACY_FIELD: 'flowReference' } });
});
afterAll(() => service.close());

const asCaller = async (sub: string) => `Bearer ${await signTestToken({ sub })}`;
const getOrder = (id: string | number, auth?: string) => service.call(`/applications/orders/${id}`, auth ? { auth } : {});

describe('GET /applications/orders/{id}', () => {
  it('when the caller asks for its own order, then it gets the order as POST answered it, the legacy payment key included', async () => {
    const created = await service.rest(restBody({ clientName: 'Ana' }));

    const read = await getOrder(created.body.id);

    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toMatch(/^application\/json/);
    expect(read.text).toBe(created.text);
  });

  it("when another caller asks for it, then the answer is the 404 of an order that does not exist, word for word", async () => {
    const { body } = await service.rest(restBody());

    const foreign = await getOrder(body.id, await asCaller('someone-else'));
    const missing = await getOrder(9_007_199_254_740_991);

    expect([foreign.status, foreign.body]).toEqual([404, { message: expect.any(String), code: 'ORDER_NOT_FOUND' }]);
    expect([missing.status, missing.text]).toEqual([404, foreign.text]);
  });

  it.each(['0', '-1', 'abc', '1.0', '0x1', '007', '1e3', '%20', '99999999999999999999'])(
    'when the id is "%s", not an order id, then it is ORDER_NOT_FOUND, not a 400',
    async (id) => {
      const answer = await getOrder(id);
      expect([answer.status, answer.body.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    },
  );

  it.each(['1/', '1/unknown', '1/cancel/more'])('when the path goes on past the id ("%s"), unknown, then it is NOT_FOUND', async (tail) => {
    const answer = await getOrder(tail);
    expect([answer.status, answer.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('when the method is not GET, then it is 405 naming GET; without a token, 401', async () => {
    const { body } = await service.rest(restBody());

    const posted = await service.call(`/applications/orders/${body.id}`, { method: 'POST', body: '{}' });
    const anonymous = await service.call(`/applications/orders/${body.id}`, { auth: null });

    expect([posted.status, posted.headers.get('allow'), posted.body.code]).toEqual([405, 'GET', 'METHOD_NOT_ALLOWED']);
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('when an operator is assigned, then REST and GraphQL show it with its name, phone and last position', async () => {
    const { body } = await service.rest(restBody());
    await service.sql.query("update orders set partner_id = 'demo-002' where id = $1", [body.id]);
    const { rows } = await service.sql.query<{ name: string; phone: string; latitude: number; longitude: number }>(
      "select name, phone, latitude, longitude from operators where id = 'demo-002'",
    );
    const partner = { id: 'demo-002', ...rows[0] };

    const rest = await getOrder(body.id);
    const graphql = (await service.gql(ORDER, { id: String(body.id) })).body.data as OrderQuery;

    expect(rest.body.partner).toEqual(partner);
    expect(graphql.order?.partner).toEqual(partner);
  });
});

describe('the orders query', () => {
  const page = async (variables: Record<string, unknown>, auth?: string) => {
    const answer = await service.gql(ORDERS, variables, auth ? { auth } : {});
    return answer.body.data?.orders as OrdersQuery['orders'];
  };

  it('when a client has 45 orders, then it pages through them newest first, and through those of one status', async () => {
    const auth = await asCaller('pager');
    const ids: number[] = [];
    for (let i = 0; i < 45; i += 15) {
      const made = await Promise.all(Array.from({ length: 15 }, () => service.rest(restBody(), { auth })));
      ids.push(...made.map((m) => m.body.id as number));
    }
    ids.sort((a, b) => b - a);
    const cancelled = ids.filter((_, i) => i % 3 === 0);
    await service.sql.query("update orders set status = 'cancelled', pending_status = null where id = any($1::bigint[])", [cancelled]);

    const seen: number[] = [];
    const pages: number[] = [];
    let after: string | null = null;
    for (;;) {
      const { edges, pageInfo } = await page({ after }, auth);
      seen.push(...edges.map((e) => Number(e.node.id)));
      pages.push(edges.length);
      expect(pageInfo.endCursor).toBe(edges.at(-1)?.cursor ?? null);
      if (!pageInfo.hasNextPage) break;
      after = pageInfo.endCursor;
    }
    const firstOfStatus = await page({ status: 'CANCELLED', first: 10 }, auth);
    const restOfStatus = await page({ status: 'CANCELLED', first: 10, after: firstOfStatus.pageInfo.endCursor }, auth);

    expect(pages).toEqual([20, 20, 5]);
    expect(seen).toEqual(ids);
    expect(firstOfStatus.edges.map((e) => Number(e.node.id))).toEqual(cancelled.slice(0, 10));
    expect(firstOfStatus.edges.every((e) => e.node.status === 'CANCELLED')).toBe(true);
    expect(restOfStatus.edges.map((e) => Number(e.node.id))).toEqual(cancelled.slice(10));
    expect(restOfStatus.pageInfo).toEqual({ hasNextPage: false, endCursor: restOfStatus.edges.at(-1)!.cursor });
  });

  it('when a caller has no orders, then the connection is empty, whoever else has some', async () => {
    await service.rest(restBody());

    expect(await page({}, await asCaller('newcomer'))).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });

  it.each([
    ['first over 100', { first: 101 }, 'first'],
    ['first of 0', { first: 0 }, 'first'],
    ['a cursor this list did not give', { after: 'bm90LWFuLWlk' }, 'after'],
    ['a cursor that is no base64', { after: '***' }, 'after'],
  ])('when asked with %s, then it is a 400 INVALID_INPUT naming the argument', async (_, variables, field) => {
    const answer = await service.gql(ORDERS, variables);

    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].extensions).toMatchObject({ code: 'INVALID_INPUT', field });
  });
});

describe("an order's history", () => {
  it('when an order is made, then its history is its creation, by its owner', async () => {
    const { body } = await service.rest(restBody());

    const answer = (await service.gql(ORDER_HISTORY, { id: String(body.id) })).body.data as OrderHistoryQuery;

    expect(answer.order?.history).toEqual([
      { kind: 'CREATED', at: body.createdAt, status: 'PENDING', pendingStatus: 'PENDING_PAYMENT', actor: 'OWNER', reason: null },
    ]);
  });
});
