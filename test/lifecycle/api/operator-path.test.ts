import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER } from '../../support/operations.js';
import { startLifeService, type LifeService } from './support.js';

let life: LifeService;
beforeAll(async () => {
  life = await startLifeService();
});
afterAll(() => life.close());

const orderOf = async (id: string) => (await life.gql(ORDER, { id })).body.data.order;

describe("an operator's app takes a towing order from its offer to its end", () => {
  it('when the order is paid, then it is offered to the nearest operator, who sees the whole order in myOffers', async () => {
    const { id, operator, operators } = await life.offeredOrder();

    const offers = (await life.offers(operator)) as { expiresAt: string; order: { id: string; pendingStatus: string } }[];

    expect(operator).toBe(operators[0]);
    expect(offers).toEqual([{ expiresAt: expect.any(String), order: expect.objectContaining({ id, pendingStatus: 'PENDING_PARTNER' }) }]);
    expect(await life.offers(operators[1]!)).toEqual([]);
  });

  it('when it accepts and reports each step, then the order goes through them to finished, and the platform closes it', async () => {
    const { id, operator } = await life.offeredOrder();
    const states: unknown[] = [];
    const stateOf = (answer: any) => [answer.__typename, answer.order?.status, answer.order?.pendingStatus, answer.order?.partner];

    states.push(stateOf(await life.accept(operator, id)));
    for (const to of ['PARTNER_GOING_TO_ORIGIN', 'PARTNER_IN_ORIGIN', 'PARTNER_GOING_TO_DESTINATION', 'FINISHED']) {
      states.push(stateOf(await life.advance(operator, id, to)));
    }
    states.push(stateOf(await life.platform('close', id)));

    const partner = { id: operator, name: `Grúas ${operator}`, phone: '+56922223333', latitude: expect.any(Number), longitude: expect.any(Number) };
    expect(states).toEqual([
      ['AcceptOfferSuccess', 'PENDING', 'PARTNER_START_ORDER', partner],
      ['AdvanceOrderSuccess', 'PENDING', 'PARTNER_GOING_TO_ORIGIN', partner],
      ['AdvanceOrderSuccess', 'PENDING', 'PARTNER_IN_ORIGIN', partner],
      ['AdvanceOrderSuccess', 'PENDING', 'PARTNER_GOING_TO_DESTINATION', partner],
      ['AdvanceOrderSuccess', 'FINISHED', null, partner],
      ['CloseOrderSuccess', 'CLOSED', null, partner],
    ]);
    expect(await orderOf(id)).toMatchObject({ status: 'CLOSED', pendingStatus: null, partner });
    expect(await life.offers(operator)).toEqual([]);
  });

  it('when a step is reported again, then it succeeds and changes nothing', async () => {
    const { id, operator } = await life.acceptedOrder();
    const first = (await life.advance(operator, id, 'PARTNER_GOING_TO_ORIGIN')) as any;
    const changes = await life.changesOf(id);
    life.later(60_000);

    const again = (await life.advance(operator, id, 'PARTNER_GOING_TO_ORIGIN')) as any;
    const acceptedAgain = (await life.accept(operator, id)) as any;

    expect(again).toEqual(first);
    expect(again.order.updatedAt).toBe(first.order.updatedAt);
    // An acceptance is answered about the offer alone, which is gone once taken, whoever asks.
    expect(acceptedAgain.__typename).toBe('OfferUnavailableError');
    expect(await life.changesOf(id)).toBe(changes);
  });

  it('when a step is skipped, then it is refused with where the order is, and nothing changes', async () => {
    const { id, operator } = await life.acceptedOrder();

    const skipped = await life.advance(operator, id, 'FINISHED');

    expect(skipped).toMatchObject({ __typename: 'InvalidTransitionError', code: 'INVALID_TRANSITION', status: 'PENDING', pendingStatus: 'PARTNER_START_ORDER' });
    expect(await orderOf(id)).toMatchObject({ pendingStatus: 'PARTNER_START_ORDER' });
  });

  it('when the order has finished, then its operator is free and is offered the next order of its area', async () => {
    const { id, operator, origin } = await life.acceptedOrder();
    for (const to of ['PARTNER_GOING_TO_ORIGIN', 'PARTNER_IN_ORIGIN', 'PARTNER_GOING_TO_DESTINATION', 'FINISHED']) {
      await life.advance(operator, id, to);
    }

    const next = await life.paidOrder(origin);

    expect(await life.offeredTo(next.id)).toBe(operator);
  });
});

describe('an on-site order (battery jump-start) has no destination leg', () => {
  it('when the operator reports going to the destination, then it is refused with the current state; finishing in origin works', async () => {
    const { id, operator } = await life.acceptedOrder(2);
    await life.advance(operator, id, 'PARTNER_GOING_TO_ORIGIN');
    await life.advance(operator, id, 'PARTNER_IN_ORIGIN');

    const towing = await life.advance(operator, id, 'PARTNER_GOING_TO_DESTINATION');
    const finished = (await life.advance(operator, id, 'FINISHED')) as any;

    expect(towing).toMatchObject({
      __typename: 'InvalidTransitionError', code: 'INVALID_TRANSITION', status: 'PENDING', pendingStatus: 'PARTNER_IN_ORIGIN',
    });
    expect([finished.__typename, finished.order.status, finished.order.pendingStatus]).toEqual(['AdvanceOrderSuccess', 'FINISHED', null]);
  });
});
