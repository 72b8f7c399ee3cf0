import { getNamedType, isInputObjectType, isScalarType, type GraphQLInputObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../src/service/schema.js';
import { CREATE_ORDER } from '../support/operations.js';
import { operatorInput, platformAuth, UPSERT_OPERATOR } from '../operators/support.js';
import { restBody, signTestToken, startTestService, type TestService } from '../support/service.js';

// What PostgreSQL's text cannot keep: U+0000 (refused with error 22021), and a lone surrogate
// (no UTF-8 form: written as U+FFFD). JSON carries both, escaped.
const UNSTORABLE = { NUL: 'a\u0000b', 'a lone surrogate': 'a\ud800b' };

/** The String and ID fields of an input type, read from the schema: a field added later is swept too. */
const textFields = (typeName: string) => {
  const type = schema.getType(typeName) as GraphQLInputObjectType;
  expect(isInputObjectType(type)).toBe(true);
  return Object.values(type.getFields())
    .filter((f) => ['String', 'ID'].includes(getNamedType(f.type).name) && isScalarType(getNamedType(f.type)))
    .map((f) => f.name);
};

const { serviceId, ...trip } = restBody();
const graphqlOrder = { ...trip, serviceCode: 'TOWING' };
// REST has the same fields as CreateOrderInput, with the service named serviceId (a number).
const REST_FIELDS = textFields('CreateOrderInput');

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

describe.each(Object.entries(UNSTORABLE))('text the store cannot keep (%s)', (_, text) => {
  it.each(REST_FIELDS)('when REST sends it in %s, then 400 INVALID_INPUT names the field and nothing is stored', async (field) => {
    const before = await service.countOrders();
    const { status, body } = await service.rest(restBody({ [field]: text }));
    expect([status, body.code, body.field]).toEqual([400, 'INVALID_INPUT', field]);
    expect(await service.countOrders()).toBe(before);
  });

  it.each(textFields('CreateOrderInput'))('when createOrder gets it in %s, then InvalidInputError names the field', async (field) => {
    const before = await service.countOrders();
    const { status, body } = await service.gql(CREATE_ORDER, { input: { ...graphqlOrder, [field]: text } });
    expect(status).toBe(200);
    expect(body.data.createOrder).toMatchObject({ __typename: 'InvalidInputError', code: 'INVALID_INPUT', field });
    expect(await service.countOrders()).toBe(before);
  });

  it.each(textFields('UpsertOperatorInput'))('when upsertOperator gets it in %s, then InvalidInputError names the field', async (field) => {
    const { body } = await service.gql(UPSERT_OPERATOR, { input: operatorInput('nul-sweep', { [field]: text }) }, {
      auth: await platformAuth(),
    });
    expect(body.data.upsertOperator).toMatchObject({ __typename: 'InvalidInputError', code: 'INVALID_INPUT', field });
  });

  it('when a token carries it in its sub, then the caller is refused as unauthenticated', async () => {
    const auth = `Bearer ${await signTestToken({ sub: text })}`;
    const { status, body } = await service.rest(restBody(), { auth });
    expect([status, body.code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('when a token carries it in its name, then the name is not used and the order is made', async () => {
    const auth = `Bearer ${await signTestToken({ name: text })}`;
    const { status, body } = await service.rest(restBody(), { auth });
    expect([status, body.clientName]).toEqual([200, null]);
  });
});
