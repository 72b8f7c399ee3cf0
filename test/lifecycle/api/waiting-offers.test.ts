import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingEngine } from '../../support/counting-engine.js';
import { signTestToken } from '../../support/service.js';
import { operatorAuth, ownerAuth, platformAuth, startLifeService, type LifeService } from './support.js';

const WAITING = `query Waiting($first: Int) {
  waitingOffers(first: $first) { operatorId expiresAt order { id status pendingStatus originLatitude clientPhone offer { operatorId } } }
}`;

interface Waiting {
  operatorId: string;
  expiresAt: string;
  order: { id: string; status: string; pendingStatus: string | null; originLatitude: number; clientPhone: string; offer: { operatorId: string } | null };
}

// The statements that read the waiting offers, counted as the store runs them.
const { engine, statements: waitingReads } = countingEngine('join order_offers f on f.order_id = o.id');

let life: LifeService;
beforeAll(async () => {
  life = await startLifeService({ engine });
});
afterAll(() => life.close());

// The order's owner with the platform's scope as well: `order(id)` reads only the caller's own orders.
const platformAuthOf = async (sub: string) => `Bearer ${await signTestToken({ sub, scope: 'orders:admin' })}`;

async function waiting(auth: string, first?: number) {
  const { status, body } = await life.gql(WAITING, first === undefined ? {} : { first }, { auth });
  return { status, errors: body.errors, offers: body.data?.waitingOffers as Waiting[] | undefined };
}
/** The waiting offers of the orders named, in the list's order: other tests' orders share the store. */
const of = (offers: Waiting[] | undefined, ids: string[]) => (offers ?? []).filter((o) => ids.includes(o.order.id));

describe('the platform lists the offers waiting on every order', () => {
  it("when an owner's paid order is offered, then a platform token of another sub lists it with the operator asked, until when, and the whole order", async () => {
    const { origin, operators } = await life.area();
    // Its owner is app-1; the platform's token is of the sub `platform`.
    const order = await life.paidOrder(origin);
    const id = String(order.id);
    const operator = await life.offeredTo(id);
    const [open] = (await life.sql.query<{ expires_at: Date }>(
      'select expires_at from order_offers where order_id = $1 and outcome is null', [id])).rows;

    const { status, errors, offers } = await waiting(await platformAuth());
    const onOrder = await life.gql('query One($id: ID!) { order(id: $id) { offer { operatorId order { id } } } }', { id }, { auth: await platformAuthOf('app-1') });

    expect([status, errors]).toEqual([200, undefined]);
    expect(onOrder.body).toEqual({ data: { order: { offer: { operatorId: operators[0], order: { id } } } } });
    expect(of(offers, [id])).toEqual([{
      operatorId: operators[0],
      expiresAt: new Date(open!.expires_at).toISOString(),
      order: { id, status: 'PENDING', pendingStatus: 'PENDING_PARTNER', originLatitude: origin.latitude, clientPhone: expect.any(String), offer: { operatorId: operators[0] } },
    }]);
    expect(operator).toBe(operators[0]);
  });

  it('when orders were offered one after the other, then the one whose offer lapses soonest comes first', async () => {
    const first = await life.offeredOrder();
    life.later(5_000);
    const second = await life.offeredOrder();

    const { offers } = await waiting(await platformAuth());

    expect(of(offers, [second.id, first.id]).map((o) => [o.order.id, o.operatorId])).toEqual([[first.id, first.operator], [second.id, second.operator]]);
    expect(offers!.map((o) => o.expiresAt)).toEqual(offers!.map((o) => o.expiresAt).sort());
  });

  it('when the offer is accepted, then the order leaves the list; declined, the order is listed with the next operator asked', async () => {
    const taken = await life.offeredOrder();
    const declined = await life.offeredOrder();
    const before = await waiting(await platformAuth());

    await life.accept(taken.operator, taken.id);
    await life.decline(declined.operator, declined.id);
    const next = await life.offeredTo(declined.id);
    const after = await waiting(await platformAuth());

    expect(of(before.offers, [taken.id, declined.id]).map((o) => o.operatorId)).toEqual([taken.operator, declined.operator]);
    expect(of(after.offers, [taken.id, declined.id]).map((o) => [o.order.id, o.operatorId])).toEqual([[declined.id, next]]);
    expect(next).toBe(declined.operators[1]);
  });

  it('when the list is asked for, then one statement reads it, each time the operation runs', async () => {
    await life.offeredOrder();
    await life.offeredOrder();
    const auth = await platformAuth();

    // Twice: the second run of an operation is the compiled one (graphql-jit).
    const reads: number[] = [];
    const answers: unknown[] = [];
    for (let run = 0; run < 2; run++) {
      const before = waitingReads();
      answers.push(await waiting(auth));
      reads.push(waitingReads() - before);
    }

    expect((answers[1] as { offers: Waiting[] }).offers.length).toBeGreaterThanOrEqual(2);
    expect(answers[0]).toEqual(answers[1]);
    expect(reads).toEqual([1, 1]);
  });

  it('when first is given, then at most that many are listed, the soonest to lapse; out of 1 to 1000, it is INVALID_INPUT naming first', async () => {
    await life.offeredOrder();
    await life.offeredOrder();
    const auth = await platformAuth();

    const all = await waiting(auth);
    const one = await waiting(auth, 1);
    const refused = await Promise.all([0, 1001].map((first) => waiting(auth, first)));

    expect(one.offers).toEqual(all.offers!.slice(0, 1));
    for (const answer of refused) {
      expect([answer.status, answer.errors?.[0]?.extensions?.code, answer.errors?.[0]?.extensions?.field]).toEqual([400, 'INVALID_INPUT', 'first']);
    }
  });

  it("when the order's owner or the operator asked, without the scope orders:admin, asks for the list, then it is FORBIDDEN", async () => {
    const { operator } = await life.offeredOrder();

    const answers = [await waiting(await ownerAuth()), await waiting(await operatorAuth(operator))];

    for (const answer of answers) expect([answer.status, answer.errors?.[0]?.extensions?.code, answer.offers]).toEqual([403, 'FORBIDDEN', undefined]);
  });

  it('when an offer has lapsed and no timer has run yet, then its order is not listed', async () => {
    const { id } = await life.offeredOrder();

    life.later(31_000);
    const { offers } = await waiting(await platformAuth());

    expect(of(offers, [id])).toEqual([]);
  });
});
