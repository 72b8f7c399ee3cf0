import { afterEach, describe, expect, it } from 'vitest';
import { CREATE_ORDER_BRIEF } from '../support/payment-queries.js';
import { restBody, startTestService, type TestService } from '../support/service.js';

const graphqlInput = { originLatitude: -33.4378, originLongitude: -70.6505, destinationLatitude: -33.495,
  destinationLongitude: -70.58, serviceCode: 'TOWING', phoneNumber: '+56912345678', vehicleIdentification: 'AB12CD' };

let service: TestService | undefined;
afterEach(async () => {
  await service?.stop();
  await service?.close();
  service = undefined;
});

describe('when the payment provider fails at creation, no order is made, through both faces', () => {
  it.each([
    ['fails', { PAYMENTS_SANDBOX_MODE: 'fail' }],
    ['is slower than PAYMENT_TIMEOUT_MS', { PAYMENTS_SANDBOX_MODE: 'slow', PAYMENTS_SANDBOX_DELAY_MS: '60000', PAYMENT_TIMEOUT_MS: '150' }],
  ])('when the sandbox %s, then REST answers 502 PAYMENT_PROVIDER_UNAVAILABLE and GraphQL PaymentProviderError', async (_, env) => {
    service = await startTestService({ env });

    const rest = await service.rest(restBody());
    const graphql = await service.gql(CREATE_ORDER_BRIEF, { input: graphqlInput });

    expect([rest.status, rest.body.code]).toEqual([502, 'PAYMENT_PROVIDER_UNAVAILABLE']);
    expect(graphql.body.data.createOrder).toMatchObject({ __typename: 'PaymentProviderError', code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    expect(await service.countOrders()).toBe(0);
  });

  it('when the sandbox is slow but within the deadline, then the order is made', async () => {
    service = await startTestService({ env: { PAYMENTS_SANDBOX_MODE: 'slow', PAYMENTS_SANDBOX_DELAY_MS: '20' } });

    const rest = await service.rest(restBody());

    expect(rest.status).toBe(200);
    expect(await service.countOrders()).toBe(1);
  });
});
