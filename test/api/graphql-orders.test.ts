import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderInput } from '../generated/schema-types.js';
import type { CreateOrderMutation, OrderQuery } from '../generated/operations.js';
import { CREATE_ORDER, ORDER } from '../support/operations.js';
import { NOWHERE, orderInput, signTestToken, startTestService, type TestService } from '../support/service.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

async function createOrder(over: Partial<CreateOrderInput> = {}, auth?: string) {
  const response = await service.gql(CREATE_ORDER, { input: orderInput(over) }, auth ? { auth } : {});
  return (response.body.data as CreateOrderMutation).createOrder;
}

describe('the createOrder mutation', () => {
  it('when the input is valid, then it returns CreateOrderSuccess with the stored order', async () => {
    const result = await createOrder();
    if (result.__typename !== 'CreateOrderSuccess') throw new Error(`got ${result.__typename}`);
    const { order } = result;
    expect(order).toMatchObject({
      status: 'PENDING',
      pendingStatus: 'PENDING_PAYMENT',
      serviceCode: 'TOWING',
      vehicleIdentification: 'AB12CD',
      partner: null,
      currency: 'CLP',
      clientName: null,
    });
    expect(order.totalAmount).toBe(order.partnerAmount + order.platformAmount);
    expect(order.duration).toMatch(/^\d+s$/);
    expect(order.createdAt).toBe(order.updatedAt);
  });

  it('when no operator is near, then it returns NoOperatorAvailableError', async () => {
    const result = await createOrder({
      serviceCode: 'TYRE_CHANGE',
      originLatitude: NOWHERE.latitude,
      originLongitude: NOWHERE.longitude,
      destinationLatitude: null,
      destinationLongitude: null,
    });
    expect(result).toEqual({
      __typename: 'NoOperatorAvailableError',
      message: 'No hay grueros disponibles',
      code: 'NO_OPERATOR_AVAILABLE',
    });
  });

  it('when a field breaks a rule, then it returns InvalidInputError naming the field', async () => {
    const result = await createOrder({ originLongitude: 200 });
    expect(result).toMatchObject({ __typename: 'InvalidInputError', code: 'INVALID_INPUT', field: 'originLongitude' });
  });

  it('when there is no token, then it answers 401 with a top-level UNAUTHENTICATED error', async () => {
    const response = await service.gql(CREATE_ORDER, { input: orderInput() }, { auth: null });
    expect(response.status).toBe(401);
    expect(response.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(response.body.data).toBeUndefined();
  });

  it('when the store fails unexpectedly, then the error is masked and says nothing of SQL', async () => {
    const broken = await startTestService();
    await broken.sql.exec('drop table orders cascade');
    const response = await broken.gql(CREATE_ORDER, { input: orderInput() });
    await broken.close();
    expect(response.body.errors[0].message).toBe('Unexpected error.');
    expect(response.text).not.toMatch(/orders|relation|sql/i);
  });
});

describe('the order query', () => {
  it("when the caller asks for its own order, then it gets it; another caller gets null", async () => {
    const created = await createOrder();
    if (created.__typename !== 'CreateOrderSuccess') throw new Error(created.__typename);
    const own = await service.gql(ORDER, { id: created.order.id });
    const other = await service.gql(ORDER, { id: created.order.id }, {
      auth: `Bearer ${await signTestToken({ sub: 'someone-else' })}`,
    });
    expect((own.body.data as OrderQuery).order).toEqual(created.order);
    expect((other.body.data as OrderQuery).order).toBeNull();
  });

  it('when no order has the id, then the order is null', async () => {
    const response = await service.gql(ORDER, { id: '9007199254740991' });
    expect(response.body).toEqual({ data: { order: null } });
  });

  it.each(['0', '-1', ' 1', '1 ', '0x1', '006', '+6', '1e3', '1.0', 'abc', '', '99999999999999999999'])(
    'when the id is "%s", not an id in its canonical form, then 400 INVALID_INPUT names it',
    async (id) => {
      const response = await service.gql(ORDER, { id });
      expect(response.status).toBe(400);
      expect(response.body.data).toEqual({ order: null });
      expect(response.body.errors[0].extensions).toMatchObject({ code: 'INVALID_INPUT', field: 'id' });
    },
  );
});

describe('GraphiQL', () => {
  it('when a browser opens /graphql, then GraphiQL is served', async () => {
    const response = await service.call('/graphql', { headers: { accept: 'text/html' }, auth: null });
    expect(response.status).toBe(200);
    expect(response.text).toMatch(/graphiql/i);
  });
});
