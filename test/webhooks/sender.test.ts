import { afterEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { startFakeServer, type Handler } from '../support/fakes/fake-server.js';
import { createWebhookSender } from '../../src/webhooks/delivery/sender.js';
import { newWebhookSecret } from '../../src/webhooks/delivery/secrets.js';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

async function receiver(answer: Handler) {
  const server = await startFakeServer(answer);
  closing.push(server.close);
  return server;
}

function sender(breaker = { consecutiveFailures: 1_000, halfOpenAfterMs: 60_000 }) {
  const made = createWebhookSender({ timeoutMs: 1_000, breaker });
  closing.push(made.close);
  return made;
}

const message = (secrets: string[], body = '{"type":"order.paid"}') => ({ webhookId: 'msg_1_1', body, secrets });

describe('the webhook sender', () => {
  it('when the name is given with an address, then it connects to that address and names the host it was given', async () => {
    const hook = await receiver((_req, res) => res.writeHead(204).end());
    const url = new URL(`http://hooks.invalid:${new URL(hook.url).port}/in?x=1`);
    const secret = newWebhookSecret();

    const outcome = await sender().post({ endpointId: '1', url, addresses: ['127.0.0.1'] }, message([secret]), 1_000);

    expect(outcome).toMatchObject({ kind: 'answered', status: 204 });
    expect(hook.requests).toHaveLength(1);
    expect(hook.requests[0]!.url).toBe('/in?x=1');
    expect(hook.requests[0]!.headers.host).toBe(url.host);
    expect(new Webhook(secret).verify(hook.requests[0]!.body, hook.requests[0]!.headers as Record<string, string>)).toEqual({ type: 'order.paid' });
  });

  it('when the name has an IPv6 and an IPv4 address and the receiver listens on one, then it still reaches it', async () => {
    const hook = await receiver((_req, res) => res.writeHead(204).end());
    const url = new URL(`http://localhost:${new URL(hook.url).port}/`);

    const outcome = await sender().post({ endpointId: '1', url, addresses: ['::1', '127.0.0.1'] }, message([newWebhookSecret()]), 1_000);

    expect(outcome).toMatchObject({ kind: 'answered', status: 204 });
  });

  it('when it answers a redirect, then the redirect is an answer like any other, not followed', async () => {
    const hook = await receiver((_req, res) => res.writeHead(307, { location: 'http://169.254.169.254/' }).end());

    const outcome = await sender().post({ endpointId: '1', url: new URL(hook.url), addresses: ['127.0.0.1'] }, message([newWebhookSecret()]), 1_000);

    expect(outcome).toMatchObject({ kind: 'answered', status: 307 });
    expect(hook.requests).toHaveLength(1);
  });

  it("when an endpoint fails time after time, then its breaker opens and its next deliveries are not sent; another endpoint's still are", async () => {
    const hook = await receiver((_req, res) => res.writeHead(503).end());
    const send = sender({ consecutiveFailures: 2, halfOpenAfterMs: 60_000 });
    const to = (endpointId: string) => send.post({ endpointId, url: new URL(hook.url), addresses: ['127.0.0.1'] }, message([newWebhookSecret()]), 1_000);

    const outcomes = [await to('1'), await to('1'), await to('1'), await to('2')];

    expect(outcomes.map((o) => o.kind)).toEqual(['answered', 'answered', 'breaker-open', 'answered']);
    expect(outcomes[2]).toEqual({ kind: 'breaker-open', retryInMs: 60_000 });
    expect(hook.requests).toHaveLength(3);
  });

  it('when nothing listens at the address, then the try fails with the reason', async () => {
    const hook = await receiver(() => {});
    const url = new URL(hook.url);
    await closing.pop()!();

    const outcome = await sender().post({ endpointId: '1', url, addresses: ['127.0.0.1'] }, message([newWebhookSecret()]), 1_000);

    expect(outcome).toMatchObject({ kind: 'failed', error: 'ECONNREFUSED' });
  });
});
