import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_ORDER } from '../support/operations.js';
import { restBody, SANTIAGO, startTestService, type TestService } from '../support/service.js';
import {
  bearer,
  FIND_OPERATOR,
  MOVE_OPERATOR,
  operatorInput,
  OPERATORS_NEAR,
  REMOVE_OPERATOR,
  SET_OPERATOR_DUTY,
  UPSERT_OPERATOR,
} from './support.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

// The demo roster's first operator: it exists in every test service.
const DEMO = 'demo-001';
const WRITES: [string, string, Record<string, unknown>][] = [
  ['upsertOperator', UPSERT_OPERATOR, { input: operatorInput(DEMO, { name: 'Cambiado' }) }],
  ['moveOperator', MOVE_OPERATOR, { input: { id: DEMO, latitude: 0, longitude: 0 } }],
  ['setOperatorDuty', SET_OPERATOR_DUTY, { input: { id: DEMO, onDuty: false } }],
  ['removeOperator', REMOVE_OPERATOR, { id: DEMO }],
];
const READS: [string, string, Record<string, unknown>][] = [
  ['operator', FIND_OPERATOR, { id: DEMO }],
  ['operatorsNear', OPERATORS_NEAR, { input: SANTIAGO }],
];

async function expectForbidden(field: string, query: string, variables: Record<string, unknown>, scope: string | undefined, needed: string) {
  const response = await service.gql(query, variables, { auth: await bearer(scope) });
  expect(response.status).toBe(403);
  expect(response.body.errors).toHaveLength(1);
  expect(response.body.errors[0].extensions).toEqual({ code: 'FORBIDDEN' });
  expect(response.body.errors[0].message).toContain(needed);
  // The whole answer, or the field when it may be null.
  expect(response.body.data?.[field] ?? null).toBeNull();
}

async function demoOperator() {
  const { rows } = await service.sql.query('select name, latitude, on_duty from operators where id = $1', [DEMO]);
  return rows[0];
}

describe('the scopes that guard the roster', () => {
  it.each(WRITES)('when a token without operators:write calls %s, then it answers 403 FORBIDDEN and changes nothing', async (name, query, variables) => {
    const before = await demoOperator();

    for (const scope of [undefined, 'operators:read', 'orders:write operators:reader']) {
      await expectForbidden(name, query, variables, scope, 'operators:write');
    }

    expect(await demoOperator()).toEqual(before);
  });

  it.each(READS)('when a token without operators:read calls %s, then it answers 403 FORBIDDEN', async (name, query, variables) => {
    for (const scope of [undefined, 'operators:write']) {
      await expectForbidden(name, query, variables, scope, 'operators:read');
    }
  });

  it('when the token has operators:read, then it reads the roster', async () => {
    const response = await service.gql(FIND_OPERATOR, { id: DEMO }, { auth: await bearer('operators:read') });

    expect(response.status).toBe(200);
    expect(response.body.data.operator.id).toBe(DEMO);
  });

  it('when a token has no scope at all, then it still creates orders through both APIs', async () => {
    const auth = await bearer();
    const { serviceId: _, ...rest } = restBody();

    const graphql = await service.gql(CREATE_ORDER, { input: { ...rest, serviceCode: 'TOWING' } }, { auth });
    const rest_ = await service.rest(restBody(), { auth });

    expect(graphql.body.data.createOrder.__typename).toBe('CreateOrderSuccess');
    expect(rest_.status).toBe(200);
  });

  it('when there is no token, then the roster answers 401, as orders do', async () => {
    const response = await service.gql(FIND_OPERATOR, { id: DEMO }, { auth: null });

    expect(response.status).toBe(401);
    expect(response.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
