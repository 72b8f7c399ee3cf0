import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingEngine } from '../../support/counting-engine.js';
import { signTestToken } from '../../support/service.js';
import { operatorAuth, ownerAuth, startLifeService, type LifeService } from './support.js';

const OFFER = 'query Offer($id: ID!) { order(id: $id) { id offer { operatorId expiresAt } } }';
const OFFERS = 'query Offers { orders(first: 100) { edges { node { id offer { operatorId expiresAt } } } } }';

// The statements that read orders' offers, counted as the store runs them.
const { engine, statements: offerReads } = countingEngine('from order_offers where order_id = any(');

let life: LifeService;
beforeAll(async () => {
  life = await startLifeService({ engine });
});
afterAll(() => life.close());

// The order's owner with the platform's scope as well, as `npm run token -- --scope orders:admin`
// signs one for the README's orders: `order(id)` reads only the caller's own orders.
const platformAuth = async () => `Bearer ${await signTestToken({ sub: 'app-1', scope: 'orders:admin' })}`;

/** An order paid: it then awaits an operator. */
async function platformOrder(origin: { latitude: number; longitude: number }) {
  return String((await life.paidOrder(origin)).id);
}

const offerOf = async (id: string, auth: string) => {
  const { status, body } = await life.gql(OFFER, { id }, { auth });
  return { status, errors: body.errors, offer: body.data?.order?.offer };
};

describe("the platform sees whom an order is offered to, on the order", () => {
  it('when the order is offered, then its offer names the operator asked and when the offer lapses; null once taken', async () => {
    const { origin, operators } = await life.area();
    const id = await platformOrder(origin);
    const operator = await life.offeredTo(id);
    const [open] = (await life.sql.query<{ expires_at: Date }>(
      'select expires_at from order_offers where order_id = $1 and outcome is null', [id])).rows;

    const offered = await offerOf(id, await platformAuth());
    await life.accept(operator, id);
    const taken = await offerOf(id, await platformAuth());

    expect(operator).toBe(operators[0]);
    expect(offered).toEqual({ status: 200, errors: undefined, offer: { operatorId: operator, expiresAt: new Date(open!.expires_at).toISOString() } });
    expect(taken).toEqual({ status: 200, errors: undefined, offer: null });
  });

  it('when the offer is declined, then the order names the next operator asked', async () => {
    const { origin, operators } = await life.area();
    const id = await platformOrder(origin);
    await life.decline(await life.offeredTo(id), id);
    const next = await life.offeredTo(id);

    const { offer } = await offerOf(id, await platformAuth());

    expect([next, offer?.operatorId]).toEqual([operators[1], operators[1]]);
  });

  it('when the offer has lapsed and no timer has run yet, then the order waits on none', async () => {
    const { origin } = await life.area();
    const id = await platformOrder(origin);
    await life.offeredTo(id);

    life.later(31_000);
    const { offer } = await offerOf(id, await platformAuth());

    expect(offer).toBeNull();
  });

  it('when a page of orders asks for their offers, then one statement reads them all, each time the operation runs', async () => {
    const { origin } = await life.area();
    const ids = [await platformOrder(origin), await platformOrder(origin), await platformOrder(origin)];
    for (const id of ids) await life.offeredTo(id);
    const auth = await platformAuth();

    // Twice: the second run of an operation is the compiled one (graphql-jit).
    const reads: number[] = [];
    const pages: unknown[] = [];
    for (let run = 0; run < 2; run++) {
      const before = offerReads();
      const { body } = await life.gql(OFFERS, {}, { auth });
      reads.push(offerReads() - before);
      pages.push(body);
    }

    const nodes = (pages[1] as { data: { orders: { edges: { node: { id: string; offer: unknown } }[] } } }).data.orders.edges.map((e) => e.node);
    expect(nodes.length).toBeGreaterThanOrEqual(3);
    expect(nodes.filter((n) => ids.includes(n.id)).map((n) => n.offer)).toEqual(ids.map(() => expect.objectContaining({ operatorId: expect.any(String) })));
    expect(pages[0]).toEqual(pages[1]);
    expect(reads).toEqual([1, 1]);
  });

  it("when the order's owner or the operator asked, without the scope orders:admin, asks for the offer, then it is FORBIDDEN", async () => {
    const { origin } = await life.area();
    const order = await life.paidOrder(origin);
    const operator = await life.offeredTo(order.id);

    const owner = await offerOf(String(order.id), await ownerAuth());
    const asOperator = await life.gql('query Mine { myOffers { order { id offer { operatorId } } } }', {}, { auth: await operatorAuth(operator) });

    expect([owner.status, owner.errors?.[0]?.extensions?.code, owner.offer ?? null]).toEqual([403, 'FORBIDDEN', null]);
    expect([asOperator.status, asOperator.body.errors?.[0]?.extensions?.code]).toEqual([403, 'FORBIDDEN']);
  });
});
