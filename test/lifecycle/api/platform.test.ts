import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGN_ORDER, ORDER, PAUSE_ORDER } from '../../support/operations.js';
import { operatorAuth, ownerAuth, startLifeService, type LifeService } from './support.js';

let life: LifeService;
beforeAll(async () => {
  life = await startLifeService();
});
afterAll(() => life.close());

const stepOf = (answer: any) => [answer.__typename, answer.order?.status, answer.order?.pendingStatus];
/** The order's partner as the area made it, at its last reported position. */
const partnerOf = (id: string) => ({ id, name: `Grúas ${id}`, phone: '+56922223333', latitude: expect.any(Number), longitude: expect.any(Number) });

describe('the platform pauses and resumes an order', () => {
  it('when an order with its operator on the way is paused and resumed, then it is back exactly where it was, operator included', async () => {
    const { id, operator } = await life.acceptedOrder();
    await life.advance(operator, id, 'PARTNER_GOING_TO_ORIGIN');

    const paused = await life.platform('pause', id);
    const advanced = await life.advance(operator, id, 'PARTNER_IN_ORIGIN');
    const resumed = (await life.platform('resume', id)) as any;

    expect(stepOf(paused)).toEqual(['PauseOrderSuccess', 'PAUSED', null]);
    expect(advanced).toMatchObject({ __typename: 'InvalidTransitionError', status: 'PAUSED', pendingStatus: null });
    expect(stepOf(resumed)).toEqual(['ResumeOrderSuccess', 'PENDING', 'PARTNER_GOING_TO_ORIGIN']);
    expect(resumed.order.partner).toEqual(partnerOf(operator));
  });

  it('when an order awaiting an operator is paused, then its offer is withdrawn; resumed, it is offered again', async () => {
    const { id, operator, operators } = await life.offeredOrder();

    await life.platform('pause', id);
    const whilePaused = await life.offers(operator);
    const resumed = await life.platform('resume', id);
    const next = await life.offeredTo(id);

    expect(whilePaused).toEqual([]);
    expect(stepOf(resumed)).toEqual(['ResumeOrderSuccess', 'PENDING', 'PENDING_PARTNER']);
    expect(operators).toContain(next);
  });

  it('when a resume or a pause is repeated, then it succeeds and changes nothing', async () => {
    const { id } = await life.acceptedOrder();
    await life.platform('pause', id);
    const changes = await life.changesOf(id);

    const pausedAgain = await life.platform('pause', id);
    await life.platform('resume', id);
    const resumedAgain = await life.platform('resume', id);

    expect(stepOf(pausedAgain)).toEqual(['PauseOrderSuccess', 'PAUSED', null]);
    expect(stepOf(resumedAgain)).toEqual(['ResumeOrderSuccess', 'PENDING', 'PARTNER_START_ORDER']);
    expect(await life.changesOf(id)).toBe(changes + 1);
  });

  it('when an order that has not finished is closed, then it is INVALID_TRANSITION with where it is', async () => {
    const { id } = await life.acceptedOrder();

    expect(await life.platform('close', id)).toMatchObject({ __typename: 'InvalidTransitionError', status: 'PENDING', pendingStatus: 'PARTNER_START_ORDER' });
    expect(await life.platform('pause', '999999')).toMatchObject({ __typename: 'OrderNotFoundError' });
  });
});

describe('the platform assigns an order', () => {
  it('when it gives an offered order to another operator, then that one is its partner and the offer is withdrawn', async () => {
    const { id, operator, operators } = await life.offeredOrder();

    const assigned = (await life.assign(id, operators[2]!)) as any;
    const taken = await life.accept(operator, id);

    expect(stepOf(assigned)).toEqual(['AssignOrderSuccess', 'PENDING', 'PARTNER_START_ORDER']);
    expect(assigned.order.partner).toEqual(partnerOf(operators[2]!));
    expect(await life.offers(operator)).toEqual([]);
    expect(taken).toMatchObject({ __typename: 'OfferUnavailableError' });
    const history = await life.sql.query('select actor, actor_id from order_events where order_id = $1 and type = $2', [id, 'assigned']);
    expect(history.rows).toEqual([{ actor: 'platform', actor_id: 'platform' }]);
  });

  it('when the operator is busy with another order, then it is OPERATOR_UNAVAILABLE and nothing changes', async () => {
    const busy = await life.acceptedOrder();
    const { id } = await life.offeredOrder();

    const assigned = await life.assign(id, busy.operator);

    expect(assigned).toMatchObject({ __typename: 'OperatorUnavailableError', code: 'OPERATOR_UNAVAILABLE', operatorId: busy.operator });
    expect((await life.gql(ORDER, { id })).body.data.order).toMatchObject({ pendingStatus: 'PENDING_PARTNER', partner: null });
  });

  it('when the operator is off duty, then it is OPERATOR_UNAVAILABLE', async () => {
    const { id, operators } = await life.offeredOrder();
    await life.operators.setDuty({ id: operators[2], onDuty: false });

    expect(await life.assign(id, operators[2]!)).toMatchObject({ __typename: 'OperatorUnavailableError', operatorId: operators[2] });
  });

  it('when the operator is not in the roster, then it is OPERATOR_NOT_FOUND; when its id is malformed, INVALID_INPUT', async () => {
    const { id } = await life.offeredOrder();

    expect(await life.assign(id, 'nobody-here')).toMatchObject({ __typename: 'OperatorNotFoundError', code: 'OPERATOR_NOT_FOUND', operatorId: 'nobody-here' });
    expect(await life.assign(id, 'no spaces')).toMatchObject({ __typename: 'InvalidInputError', field: 'operatorId' });
  });

  it('when an order already taken is assigned, then it is INVALID_TRANSITION', async () => {
    const { id, operators } = await life.acceptedOrder();

    expect(await life.assign(id, operators[1]!)).toMatchObject({ __typename: 'InvalidTransitionError', pendingStatus: 'PARTNER_START_ORDER' });
  });
});

describe("the platform's scope", () => {
  it.each([
    ['an owner', () => ownerAuth()],
    ["an operator's app", () => operatorAuth('area1-op1')],
  ])("when %s's token assigns or pauses, then it is FORBIDDEN, top-level, and nothing changes", async (_, auth) => {
    const { id, operators } = await life.offeredOrder();
    const token = await auth();

    const assigned = await life.gql(ASSIGN_ORDER, { input: { orderId: id, operatorId: operators[1] } }, { auth: token });
    const paused = await life.gql(PAUSE_ORDER, { input: { orderId: id } }, { auth: token });

    for (const answer of [assigned, paused]) {
      expect([answer.status, answer.body.errors?.[0]?.extensions?.code]).toEqual([403, 'FORBIDDEN']);
    }
    expect((await life.gql(ORDER, { id })).body.data.order.pendingStatus).toBe('PENDING_PARTNER');
  });
});
