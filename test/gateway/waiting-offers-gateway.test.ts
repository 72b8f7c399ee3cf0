import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerAuth, platformAuth } from '../lifecycle/api/support.js';
import { startGateway } from './arrange-gateway.js';

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.close());

const WAITING = 'query Waiting { waitingOffers { operatorId expiresAt order { id } } }';
const message = 'Este servicio funciona como pasarela del servicio de órdenes: el curso de las órdenes lo lleva ese servicio';

// The legacy service offers its orders to its own operators: a gateway has no offers to list.
describe('the waiting offers in gateway mode', () => {
  it('when the platform asks for them, then it is a top-level 400 UNAVAILABLE_IN_GATEWAY_MODE, and the legacy hears nothing', async () => {
    const heard = gateway.fake.requests.length;

    const { status, body } = await gateway.service.gql(WAITING, {}, { auth: await platformAuth() });

    expect([status, body.errors?.[0]?.extensions?.code, body.errors?.[0]?.message, body.data]).toEqual([400, 'UNAVAILABLE_IN_GATEWAY_MODE', message, null]);
    expect(gateway.fake.requests.length).toBe(heard);
  });

  it('when a token lacks the scope orders:admin, then it is FORBIDDEN first, as in native mode', async () => {
    const { status, body } = await gateway.service.gql(WAITING, {}, { auth: await ownerAuth() });

    expect([status, body.errors?.[0]?.extensions?.code]).toEqual([403, 'FORBIDDEN']);
  });
});
