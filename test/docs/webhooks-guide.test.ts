import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateWebhookEndpointMutation } from '../generated/operations.js';
import { startFakeServer } from '../support/fakes/fake-server.js';
import type { TestService } from '../support/service.js';
import { CREATE_WEBHOOK_ENDPOINT, deliverNow, fakeClock, gqlData, placeOrder, startHooksService, verified } from '../webhooks/support.js';
import { readText, section, tableRows } from './markdown.js';

// The guide's table of the body's keys, `| \`data.order.id\` | … |`, in the order it lists them.
const listed = tableRows(section(readText('docs/webhooks.md'), '## What is sent')).map(([key = '']) => /^`([\w.]+)`$/.exec(key)?.[1] ?? key);
/** The keys the guide lists directly under `path` ('' for the body itself), in its order. */
const listedUnder = (path: string) =>
  listed.filter((key) => key.startsWith(path) && !key.slice(path.length).includes('.')).map((key) => key.slice(path.length));

const time = fakeClock();
let service: TestService;
let receiver: Awaited<ReturnType<typeof startFakeServer>>;
beforeAll(async () => {
  service = await startHooksService({ clock: time.clock });
  receiver = await startFakeServer((_request, response) => response.writeHead(204).end());
});
afterAll(async () => {
  await receiver?.close();
  await service?.close();
});

describe('docs/webhooks.md', () => {
  it('when a delivery is received, then the guide lists every key of its body and of its order, in the order they are written', async () => {
    const { createWebhookEndpoint: registered } = await gqlData<CreateWebhookEndpointMutation>(service, CREATE_WEBHOOK_ENDPOINT, {
      input: { url: receiver.url, events: ['order.created'] },
    });
    if (registered.__typename !== 'CreateWebhookEndpointSuccess') throw new Error(registered.__typename);
    await placeOrder(service);

    await deliverNow(service);

    expect(receiver.requests).toHaveLength(1);
    const body = verified(registered.endpoint.secret, receiver.requests[0]!);
    expect(Object.keys(body)).toEqual(listedUnder(''));
    expect(Object.keys(body.data)).toEqual(listedUnder('data.'));
    expect(Object.keys(body.data.order)).toEqual(listedUnder('data.order.'));
  });
});
