import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TABLE } from '../../src/http/error-table.js';
import { createOpenApiDocument } from '../../src/reference/openapi.js';
import { operatorAuth, ownerAuth, platformAuth } from '../lifecycle/api/support.js';
import { createOpenApiValidator } from '../support/openapi-validator.js';
import {
  ACCEPT_OFFER,
  ADVANCE_ORDER,
  ASSIGN_ORDER,
  CANCEL_ORDER,
  CLOSE_ORDER,
  DECLINE_OFFER,
  MY_OFFERS,
  PAUSE_ORDER,
  RESUME_ORDER,
} from '../support/operations.js';
import { restBody } from '../support/service.js';
import { startGateway } from './arrange-gateway.js';

let gateway: Awaited<ReturnType<typeof startGateway>>;
let orderId: string;
beforeAll(async () => {
  gateway = await startGateway();
  orderId = String((await gateway.service.rest(restBody())).body.id);
});
afterAll(() => gateway.close());

const message = 'Este servicio funciona como pasarela del servicio de órdenes: el curso de las órdenes lo lleva ese servicio';
const input = () => ({ input: { orderId } });

// The legacy service runs its orders after their creation: a gateway does none of it, and says so.
describe("the order's life in gateway mode", () => {
  it.each([
    ['acceptOffer', ACCEPT_OFFER, () => ({ orderId }), () => operatorAuth('tow-17')],
    ['declineOffer', DECLINE_OFFER, () => ({ orderId }), () => operatorAuth('tow-17')],
    ['advanceOrder', ADVANCE_ORDER, () => ({ input: { orderId, to: 'FINISHED' } }), () => operatorAuth('tow-17')],
    ['cancelOrder', CANCEL_ORDER, input, () => ownerAuth()],
    ['assignOrder', ASSIGN_ORDER, () => ({ input: { orderId, operatorId: 'tow-17' } }), platformAuth],
    ['pauseOrder', PAUSE_ORDER, input, platformAuth],
    ['resumeOrder', RESUME_ORDER, input, platformAuth],
    ['closeOrder', CLOSE_ORDER, input, platformAuth],
  ])('when %s is asked, then it answers UnavailableInGatewayModeError, and the legacy hears nothing', async (field, query, variables, auth) => {
    const heard = gateway.fake.requests.length;

    const { status, body } = await gateway.service.gql(query, variables(), { auth: await auth() });

    expect(status).toBe(200);
    expect(body.data[field]).toEqual({ __typename: ERROR_TABLE.UNAVAILABLE_IN_GATEWAY_MODE.graphqlType, code: 'UNAVAILABLE_IN_GATEWAY_MODE', message });
    expect(gateway.fake.requests.length).toBe(heard);
  });

  it("when an operator's app asks for its offers, then it is a top-level 400 UNAVAILABLE_IN_GATEWAY_MODE", async () => {
    const { status, body } = await gateway.service.gql(MY_OFFERS, {}, { auth: await operatorAuth('tow-17') });

    expect([status, body.errors?.[0]?.extensions?.code, body.errors?.[0]?.message]).toEqual([400, 'UNAVAILABLE_IN_GATEWAY_MODE', message]);
  });

  it('when a token lacks the scope, then it is FORBIDDEN first, as in native mode', async () => {
    const assigned = await gateway.service.gql(ASSIGN_ORDER, { input: { orderId, operatorId: 'tow-17' } }, { auth: await ownerAuth() });
    const accepted = await gateway.service.gql(ACCEPT_OFFER, { orderId }, { auth: await ownerAuth() });

    for (const answer of [assigned, accepted]) {
      expect([answer.status, answer.body.errors?.[0]?.extensions?.code]).toEqual([403, 'FORBIDDEN']);
    }
  });

  it("when the owner cancels through REST, then it is 400 UNAVAILABLE_IN_GATEWAY_MODE, as the document says", async () => {
    const { problems } = createOpenApiValidator(createOpenApiDocument({ legacyPaymentField: gateway.fake.paymentField }));

    const answer = await gateway.service.call(`/applications/orders/${orderId}/cancel`, { method: 'POST' });

    expect([answer.status, answer.body]).toEqual([400, { message, code: 'UNAVAILABLE_IN_GATEWAY_MODE' }]);
    expect(problems('POST', '/applications/orders/{id}/cancel', answer)).toEqual([]);
  });
});
