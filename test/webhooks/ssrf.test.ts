import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateWebhookEndpointMutation, WebhookDeliveriesQuery } from '../generated/operations.js';
import { startFakeServer } from '../support/fakes/fake-server.js';
import type { TestService } from '../support/service.js';
import { CREATE_WEBHOOK_ENDPOINT, deliverNow, fakeResolver, gqlData, placeOrder, startHooksService, WEBHOOK_DELIVERIES } from './support.js';

// A public address of the documentation's kind, never called: the tests only register it.
const PUBLIC = '93.184.215.14';
const names: Record<string, string[]> = { 'hooks.example': [PUBLIC], 'rebinding.example': [PUBLIC], 'mixed.example': [PUBLIC, '10.0.0.7'] };

let service: TestService;
let production: TestService;
beforeAll(async () => {
  const webhooks = { resolver: fakeResolver(names) };
  service = await startHooksService({ env: { WEBHOOKS_ALLOW_PRIVATE_URLS: 'false' }, webhooks });
  production = await startHooksService({ env: { WEBHOOKS_ALLOW_PRIVATE_URLS: 'false', NODE_ENV: 'production' }, webhooks });
});
afterAll(async () => {
  await service?.close();
  await production?.close();
});

const create = async (on: TestService, url: string) =>
  (await gqlData<CreateWebhookEndpointMutation>(on, CREATE_WEBHOOK_ENDPOINT, { input: { url } })).createWebhookEndpoint;

describe('an endpoint on an address that is not public', () => {
  it.each([
    'https://127.0.0.1/hooks',
    'https://10.0.0.1/hooks',
    'https://169.254.169.254/latest/meta-data/',
    'https://localhost/hooks',
    'https://[::1]/hooks',
    'https://[::ffff:127.0.0.1]/hooks',
    'https://[::ffff:7f00:1]/hooks',
    'https://[fd00:ec2::254]/hooks',
    'https://0.0.0.0/hooks',
    'https://2130706433/hooks',
    'https://mixed.example/hooks',
  ])('when it is %s, then it is refused on `url`', async (url) => {
    expect(await create(service, url)).toMatchObject({ __typename: 'InvalidInputError', code: 'INVALID_INPUT', field: 'url' });
  });

  it('when it is refused, then its message names the address and the setting that would take it', async () => {
    expect(await create(service, 'https://mixed.example/hooks')).toMatchObject({
      message: 'El campo url debe apuntar a una dirección pública (10.0.0.7 no lo es); las demás solo se admiten con WEBHOOKS_ALLOW_PRIVATE_URLS=true',
    });
  });

  it('when the name resolves to no address, then it is refused on `url`', async () => {
    expect(await create(service, 'https://no-such-host.invalid/hooks')).toMatchObject({ __typename: 'InvalidInputError', field: 'url' });
  });

  it('when the name resolves to public addresses only, then it is registered', async () => {
    expect(await create(service, 'https://hooks.example/hooks')).toMatchObject({ __typename: 'CreateWebhookEndpointSuccess' });
  });

  it('when the name later resolves to a private address, then the delivery is refused at the try and nothing is sent', async () => {
    const receiver = await startFakeServer((_req, res) => res.writeHead(204).end());
    try {
      const url = `http://rebinding.example:${new URL(receiver.url).port}/hooks`;
      const created = await create(service, url);
      if (created.__typename !== 'CreateWebhookEndpointSuccess') throw new Error(created.__typename);
      names['rebinding.example'] = ['127.0.0.1'];
      await placeOrder(service);

      await deliverNow(service);

      expect(receiver.requests).toEqual([]);
      const { webhookDeliveries } = await gqlData<WebhookDeliveriesQuery>(service, WEBHOOK_DELIVERIES, { endpointId: created.endpoint.id });
      expect(webhookDeliveries).toMatchObject({
        deliveries: [{ status: 'PENDING', attempts: [{ succeeded: false, responseStatus: null, error: 'refused address 127.0.0.1 (loopback)' }] }],
      });
    } finally {
      await receiver.close();
    }
  });
});

describe('in production', () => {
  it('when an endpoint is http, then it is refused; https is taken', async () => {
    expect(await create(production, 'http://hooks.example/hooks')).toMatchObject({ __typename: 'InvalidInputError', field: 'url' });
    expect(await create(production, 'https://hooks.example/hooks')).toMatchObject({ __typename: 'CreateWebhookEndpointSuccess' });
  });
});
