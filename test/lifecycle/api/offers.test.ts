import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOVE_OPERATOR } from '../../operators/support.js';
import { ACCEPT_OFFER, MY_OFFERS, ORDER } from '../../support/operations.js';
import { signTestToken } from '../../support/service.js';
import { operatorAuth, ownerAuth, startLifeService, type LifeService } from './support.js';

let life: LifeService;
beforeAll(async () => {
  life = await startLifeService();
});
afterAll(() => life.close());

describe('answering an offer', () => {
  it('when the operator declines, then the offer passes to the next nearest, and no longer shows in its offers', async () => {
    const { id, operator, operators } = await life.offeredOrder();

    const declined = await life.decline(operator, id);
    const next = await life.offeredTo(id);

    expect(declined).toEqual({ __typename: 'DeclineOfferSuccess', orderId: id });
    expect(next).toBe(operators[1]);
    expect(await life.offers(operator)).toEqual([]);
    expect(await life.offers(next)).toEqual([expect.objectContaining({ order: expect.objectContaining({ id }) })]);
  });

  it('when the operator declines the same offer again, then it succeeds and changes nothing', async () => {
    const { id, operator, operators } = await life.offeredOrder();
    await life.decline(operator, id);
    expect(await life.offeredTo(id)).toBe(operators[1]);
    const offers = async () => (await life.sql.query('select operator_id, outcome from order_offers where order_id = $1 order by operator_id', [id])).rows;
    const before = await offers();

    const again = await life.decline(operator, id);

    expect(again).toEqual({ __typename: 'DeclineOfferSuccess', orderId: id });
    expect(await offers()).toEqual(before);
    expect(await life.offeredTo(id)).toBe(operators[1]);
  });

  it('when an operator declines an offer that is not its own, then it is OFFER_UNAVAILABLE and the offer stays', async () => {
    const { id, operator, operators } = await life.offeredOrder();

    const declined = await life.decline(operators[2]!, id);

    expect(declined).toMatchObject({ __typename: 'OfferUnavailableError', code: 'OFFER_UNAVAILABLE' });
    expect(await life.offeredTo(id)).toBe(operator);
  });

  it('when another operator accepts the offer, then it is OFFER_UNAVAILABLE, before and after the offered one took it', async () => {
    const { id, operator, operators } = await life.offeredOrder();
    const other = operators[1]!;

    const before = await life.accept(other, id);
    await life.accept(operator, id);
    const after = await life.accept(other, id);

    expect(before).toMatchObject({ __typename: 'OfferUnavailableError', code: 'OFFER_UNAVAILABLE' });
    // Not where the order stands: that is no business of an operator it was not given to.
    expect(after).toEqual(before);
  });

  it('when another operator reports a step of the order, then it is ORDER_NOT_FOUND', async () => {
    const { id, operators } = await life.acceptedOrder();

    const advanced = await life.advance(operators[1]!, id, 'PARTNER_GOING_TO_ORIGIN');

    expect(advanced).toMatchObject({
      __typename: 'OrderNotFoundError', code: 'ORDER_NOT_FOUND', message: 'No existe una orden suya con ese número',
    });
  });

  it('when an order id is not a number, then it is INVALID_INPUT on orderId', async () => {
    const { operator } = await life.offeredOrder();

    expect(await life.accept(operator, 'abc')).toMatchObject({ __typename: 'InvalidInputError', field: 'orderId' });
    expect(await life.advance(operator, '0', 'FINISHED')).toMatchObject({ __typename: 'InvalidInputError', field: 'orderId' });
  });
});

describe("the operators' token", () => {
  it.each([
    ['without the scope operator', { sub: 'app-1', operator_id: 'area1-op1' }],
    ['with the scope but no operator_id', { sub: 'app-1', scope: 'operator' }],
    ['with an empty operator_id', { sub: 'app-1', scope: 'operator', operator_id: '' }],
    ['with a number for operator_id', { sub: 'app-1', scope: 'operator', operator_id: 7 }],
  ])('when a token %s asks for offers or accepts one, then it is FORBIDDEN, top-level', async (_, claims) => {
    const auth = `Bearer ${await signTestToken(claims)}`;

    const offers = await life.gql(MY_OFFERS, {}, { auth });
    const accepted = await life.gql(ACCEPT_OFFER, { orderId: '1' }, { auth });

    for (const answer of [offers, accepted]) {
      expect([answer.status, answer.body.errors?.[0]?.extensions?.code]).toEqual([403, 'FORBIDDEN']);
    }
  });

  it('when an operator moves itself, then it is moved; another operator, then it is FORBIDDEN', async () => {
    const { operators } = await life.area();
    const [self, other] = operators as [string, string];
    const move = async (id: string) =>
      life.gql(MOVE_OPERATOR, { input: { id, latitude: -33.45, longitude: -70.66 } }, { auth: await operatorAuth(self) });

    const own = await move(self);
    const theirs = await move(other);

    expect(own.body.data.moveOperator).toMatchObject({ __typename: 'MoveOperatorSuccess', operator: { id: self, latitude: -33.45 } });
    expect([theirs.status, theirs.body.errors?.[0]?.extensions?.code]).toEqual([403, 'FORBIDDEN']);
    expect((await life.operators.find(other))?.position.latitude).toBeLessThan(-11);
  });

  it("when an owner's token moves an operator, then it is FORBIDDEN as before", async () => {
    const { operators } = await life.area();
    const answer = await life.gql(MOVE_OPERATOR, { input: { id: operators[0], latitude: -33.45, longitude: -70.66 } }, { auth: await ownerAuth() });

    expect([answer.status, answer.body.errors?.[0]?.extensions?.code]).toEqual([403, 'FORBIDDEN']);
  });
});

/** The order as its owner reads it. */
const orderOf = async (id: string) => (await life.run(ORDER, { id }, await ownerAuth())) as any;

describe("the order's way to the car once an operator takes it", () => {
  const approach = (order: any) => ({ distance: order.partnerDistance as number, duration: Number.parseInt(order.partnerDuration, 10) });
  /** The order as quoted: with the nearest operator's way, 1 km north of the origin. */
  const quoted = async (id: string) => approach(await orderOf(id));

  it.each([
    ['the next nearest accepts, once the nearest declined', 2, async (id: string, operators: string[]) => {
      await life.decline(operators[0]!, id);
      expect(await life.offeredTo(id)).toBe(operators[1]);
      return life.accept(operators[1]!, id);
    }],
    ['the platform assigns the farthest', 3, async (id: string, operators: string[]) => life.assign(id, operators[2]!)],
  ])('when %s, then partnerDistance and partnerDuration are that operator\'s, from its last reported position', async (_, km, take) => {
    const { id, operators } = await life.offeredOrder();
    const nearest = await quoted(id);

    const taken = (await take(id, operators)) as any;

    // The operators stand on the origin's meridian: the way is as many times the nearest's as it is farther.
    expect(Math.abs(approach(taken.order).distance - km * nearest.distance)).toBeLessThanOrEqual(km);
    expect(approach(taken.order).duration).toBeGreaterThan(nearest.duration);
    expect(approach(await orderOf(id))).toEqual(approach(taken.order));
  });

  it('when the nearest accepts where it was quoted, then the way is the quote\'s', async () => {
    const { id, operator } = await life.offeredOrder();
    const nearest = await quoted(id);

    const taken = (await life.accept(operator, id)) as any;

    expect(approach(taken.order)).toEqual(nearest);
  });
});

describe("an order's partner once the order let the operator go", () => {
  const move = async (operator: string, latitude: number, longitude: number) =>
    life.gql(MOVE_OPERATOR, { input: { id: operator, latitude, longitude } }, { auth: await operatorAuth(operator) });

  it.each([
    ['finished', async (id: string, operator: string) => {
      for (const to of ['PARTNER_GOING_TO_ORIGIN', 'PARTNER_IN_ORIGIN', 'FINISHED']) await life.advance(operator, id, to);
    }],
    ['cancelled', async (id: string) => { await life.cancel(id); }],
  ])('when it %s, then it shows the operator where it was then, not where it goes next; on the order, it showed it live', async (_, end, ) => {
    const { id, operator } = await life.acceptedOrder(2);
    await move(operator, -33.41, -70.61);
    const onIt = (await orderOf(id)).partner;

    await end(id, operator);
    await move(operator, -33.5, -70.7);
    const after = (await orderOf(id)).partner;

    expect([onIt.latitude, onIt.longitude]).toEqual([-33.41, -70.61]);
    expect(after).toEqual({ ...onIt, latitude: -33.41, longitude: -70.61 });
  });
});

