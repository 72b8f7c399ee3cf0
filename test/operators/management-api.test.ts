import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FindOperatorQuery,
  MoveOperatorMutation,
  OperatorsNearQuery,
  RemoveOperatorMutation,
  SetOperatorDutyMutation,
  UpsertOperatorMutation,
} from '../generated/operations.js';
import { startTestService, type TestService } from '../support/service.js';
import {
  asPlatform,
  emptyRoster,
  FIND_OPERATOR,
  MOVE_OPERATOR,
  northOfSantiago,
  operatorInput,
  OPERATORS_NEAR,
  platformAuth,
  REMOVE_OPERATOR,
  SET_OPERATOR_DUTY,
  UPSERT_OPERATOR,
} from './support.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
  await emptyRoster(service);
});
afterAll(() => service.close());

const upsert = async (input: Record<string, unknown>) =>
  (await asPlatform<UpsertOperatorMutation>(service, UPSERT_OPERATOR, { input })).upsertOperator;
const move = async (input: Record<string, unknown>) =>
  (await asPlatform<MoveOperatorMutation>(service, MOVE_OPERATOR, { input })).moveOperator;
const setDuty = async (id: string, onDuty: boolean) =>
  (await asPlatform<SetOperatorDutyMutation>(service, SET_OPERATOR_DUTY, { input: { id, onDuty } })).setOperatorDuty;
const remove = async (id: string) =>
  (await asPlatform<RemoveOperatorMutation>(service, REMOVE_OPERATOR, { id })).removeOperator;
const find = async (id: string) => (await asPlatform<FindOperatorQuery>(service, FIND_OPERATOR, { id })).operator;
const near = async (input: Record<string, unknown>) =>
  (await asPlatform<OperatorsNearQuery>(service, OPERATORS_NEAR, { input })).operatorsNear;
const nearIds = async (input: Record<string, unknown>) => {
  const result = await near(input);
  if (result.__typename !== 'OperatorsNearSuccess') throw new Error(result.__typename);
  return result.operators.map((n) => n.operator.id);
};
const SANTIAGO = northOfSantiago(0);

describe('upsertOperator', () => {
  it('when the operator is new, then it is stored on duty and can be read back', async () => {
    const result = await upsert(operatorInput('new-1', { phone: '+56911112222' }));

    expect(result).toMatchObject({
      __typename: 'UpsertOperatorSuccess',
      operator: { id: 'new-1', name: 'Grúas new-1', phone: '+56911112222', services: ['TOWING', 'BATTERY_JUMP_START'], onDuty: true },
    });
    expect(await find('new-1')).toEqual(result.__typename === 'UpsertOperatorSuccess' && result.operator);
  });

  it('when the id is known, then the operator is updated, and a duty left out stays as it was', async () => {
    await upsert(operatorInput('known-1', { onDuty: false }));

    const result = await upsert(operatorInput('known-1', { name: 'Taller Nuevo', services: ['TYRE_CHANGE', 'TYRE_CHANGE'] }));

    expect(result).toMatchObject({
      operator: { id: 'known-1', name: 'Taller Nuevo', services: ['TYRE_CHANGE'], onDuty: false },
    });
  });

  it.each([
    ['latitude', { latitude: 90.5 }],
    ['longitude', { longitude: -181 }],
    ['phone', { phone: '56912345678' }],
    ['services', { services: [] }],
    ['name', { name: '   ' }],
    ['id', { id: 'has spaces' }],
  ])('when %s breaks its rule, then InvalidInputError names it and nothing is stored', async (field, over) => {
    const input = operatorInput('invalid-1', over);

    const result = await upsert(input);

    expect(result).toMatchObject({ __typename: 'InvalidInputError', code: 'INVALID_INPUT', field });
    expect(await find(String(input.id))).toBeNull();
  });

  it('when a service code is unknown, then GraphQL refuses the request and nothing is stored', async () => {
    const response = await service.gql(
      UPSERT_OPERATOR,
      { input: operatorInput('unknown-service', { services: ['SNOW_PLOUGH' as never] }) },
      { auth: await platformAuth() },
    );

    expect(response.status).toBe(400);
    expect(response.body.errors[0].message).toMatch(/SNOW_PLOUGH.*ServiceCode/);
    expect(await find('unknown-service')).toBeNull();
  });
});

describe('moveOperator', () => {
  it('when an operator moves, then it is found at its new position', async () => {
    await upsert(operatorInput('mover', { ...northOfSantiago(20), services: ['TYRE_CHANGE'] }));
    expect(await nearIds({ ...SANTIAGO, serviceCode: 'TYRE_CHANGE', radiusKm: 5 })).not.toContain('mover');

    const result = await move({ id: 'mover', ...northOfSantiago(2) });

    expect(result).toMatchObject({ __typename: 'MoveOperatorSuccess', operator: { id: 'mover', ...northOfSantiago(2) } });
    expect(await nearIds({ ...SANTIAGO, serviceCode: 'TYRE_CHANGE', radiusKm: 5 })).toContain('mover');
  });

  it('when the operator is unknown, then OperatorNotFoundError names it', async () => {
    const result = await move({ id: 'nobody', ...SANTIAGO });

    expect(result).toEqual({
      __typename: 'OperatorNotFoundError',
      code: 'OPERATOR_NOT_FOUND',
      message: 'No existe el operador nobody',
      operatorId: 'nobody',
    });
  });

  it('when the position is out of range, then InvalidInputError names the field and the operator stays put', async () => {
    await upsert(operatorInput('stays', northOfSantiago(3)));

    const result = await move({ id: 'stays', latitude: -91, longitude: -70 });

    expect(result).toMatchObject({ __typename: 'InvalidInputError', field: 'latitude' });
    expect(await find('stays')).toMatchObject(northOfSantiago(3));
  });
});

describe('setOperatorDuty', () => {
  it('when an operator goes off duty, then it is no longer near anyone; back on duty, it is again', async () => {
    await upsert(operatorInput('shift', northOfSantiago(1)));

    expect(await setDuty('shift', false)).toMatchObject({ operator: { id: 'shift', onDuty: false } });
    expect(await nearIds({ ...SANTIAGO, radiusKm: 3, limit: 100 })).not.toContain('shift');

    await setDuty('shift', true);
    expect(await nearIds({ ...SANTIAGO, radiusKm: 3, limit: 100 })).toContain('shift');
  });

  it('when the operator is unknown, then OperatorNotFoundError names it', async () => {
    expect(await setDuty('ghost', true)).toMatchObject({ __typename: 'OperatorNotFoundError', operatorId: 'ghost' });
  });
});

describe('removeOperator', () => {
  it('when an operator is removed, then it is gone from the store and from the index; a second removal finds nobody', async () => {
    await upsert(operatorInput('leaving', northOfSantiago(0.5)));

    expect(await remove('leaving')).toEqual({ __typename: 'RemoveOperatorSuccess', operatorId: 'leaving' });
    expect(await find('leaving')).toBeNull();
    expect(await nearIds({ ...SANTIAGO, radiusKm: 3, limit: 100 })).not.toContain('leaving');
    expect(await remove('leaving')).toMatchObject({ __typename: 'OperatorNotFoundError', operatorId: 'leaving' });
  });
});

describe('operatorsNear', () => {
  // A hundred kilometres south, away from the operators of the other tests.
  const at = (kmSouth: number) => northOfSantiago(-100 - kmSouth);
  beforeAll(async () => {
    for (const [id, km, services] of [
      ['near-b', 4, ['TOWING']],
      ['near-a', 4, ['TOWING', 'TYRE_CHANGE']],
      ['near-c', 6, ['BATTERY_JUMP_START']],
      ['near-d', 9, ['TOWING']],
    ] as const) {
      await upsert(operatorInput(id, { ...at(km), services: [...services] }));
    }
  });
  const south = at(5.2);

  it('answers the on-duty operators within the radius, nearest first, ties by id, with their distance', async () => {
    const result = await near({ ...at(4), radiusKm: 4.5 });
    if (result.__typename !== 'OperatorsNearSuccess') throw new Error(result.__typename);

    expect(result.operators.map((n) => [n.operator.id, n.distance])).toEqual([
      ['near-a', 0],
      ['near-b', 0],
      ['near-c', 2000],
    ]);
  });

  it('when a service is named, then only the operators offering it', async () => {
    expect(await nearIds({ ...south, serviceCode: 'TOWING', radiusKm: 10 })).toEqual(['near-a', 'near-b', 'near-d']);
    expect(await nearIds({ ...south, serviceCode: 'BATTERY_JUMP_START', radiusKm: 10 })).toEqual(['near-c']);
  });

  it('when a limit is given, then no more than that', async () => {
    expect(await nearIds({ ...south, radiusKm: 10, limit: 2 })).toEqual(['near-c', 'near-a']);
  });

  it.each([
    ['radiusKm', { radiusKm: 0 }],
    ['limit', { limit: 101 }],
    ['latitude', { latitude: 100 }],
  ])('when %s breaks its rule, then InvalidInputError names it', async (field, over) => {
    expect(await near({ ...south, ...over })).toMatchObject({ __typename: 'InvalidInputError', field });
  });
});
