import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPayments } from '../../src/payments/providers/sandbox.js';
import { createSandboxCheckout } from '../../src/payments/providers/sandbox-checkout.js';
import type { SandboxLink, SandboxLinks } from '../../src/payments/providers/sandbox-links.js';
import { createSandboxVerifier, signedSandboxNotification } from '../../src/payments/providers/sandbox-notifications.js';
import { sendJson, startFakeServer } from '../support/fakes/fake-server.js';

const SECRET = 'sandbox-test-secret';
const NOW = Date.parse('2026-03-01T12:00:00Z');
const PAYMENT = '6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5';
const headersOf = (record: Record<string, string>) => new Headers(record);

/** Links in memory: every reference is an open link of 10 000 CLP until paid or voided; a paid one takes any refund. */
function memoryLinks(): SandboxLinks & { states: Map<string, SandboxLink['state']> } {
  const states = new Map<string, SandboxLink['state']>();
  const link = (reference: string): SandboxLink => ({
    reference, orderId: 1, serviceCode: 1, amount: 10_000, currency: 'CLP', expiresAt: null, state: states.get(reference) ?? 'open', refund: null,
  });
  return {
    states,
    refund: async (reference) => (states.get(reference) === 'paid' ? 'refunded' : 'not_paid'),
    find: async (reference) => link(reference),
    async markPaid(reference) {
      if (states.has(reference)) return false;
      states.set(reference, 'paid');
      return true;
    },
    async markCancelled(reference) {
      if (states.has(reference)) return false;
      states.set(reference, 'cancelled');
      return true;
    },
    payment: async () => null,
  };
}

describe("the sandbox's notification signature", () => {
  const verifier = createSandboxVerifier(SECRET, () => NOW);

  it('when signed with its secret, then it names the payment', () => {
    const { headers, body } = signedSandboxNotification(SECRET, PAYMENT, NOW);

    expect(verifier.verify(headersOf(headers), new URLSearchParams(), body)).toEqual({ kind: 'payment', providerPaymentId: PAYMENT, requestId: null });
  });

  it.each([
    ['signed with another secret', () => signedSandboxNotification('other', PAYMENT, NOW)],
    ['signed long ago (a replay)', () => signedSandboxNotification(SECRET, PAYMENT, NOW - 3_600_000)],
    ['naming another payment than it signed', () => Object.assign(signedSandboxNotification(SECRET, PAYMENT, NOW), { body: { type: 'payment', data: { id: randomUUID() } } })],
    ['not signed', () => ({ headers: {}, body: { type: 'payment', data: { id: PAYMENT } } })],
  ])('when %s, then it is forged', (_, make) => {
    const { headers, body } = make();

    expect(verifier.verify(headersOf(headers), new URLSearchParams(), body).kind).toBe('forged');
  });
});

describe('the sandbox as a payment provider', () => {
  it('when it works, then its link is its page for the reference, under PUBLIC_URL', async () => {
    const sandbox = createSandboxPayments({ publicUrl: 'https://orders.example', links: memoryLinks() });

    const link = await sandbox.createPaymentLink({ reference: 'ref-1', amount: 1, currency: 'CLP', description: '' });

    expect(link).toEqual({ url: 'https://orders.example/sandbox/payments/ref-1' });
  });

  it('when told to fail, then making a link fails', async () => {
    const sandbox = createSandboxPayments({ publicUrl: 'https://orders.example', links: memoryLinks(), mode: 'fail' });

    await expect(sandbox.createPaymentLink({ reference: 'ref-1', amount: 1, currency: 'CLP', description: '' })).rejects.toThrow(/fail/);
  });

  it('when told to be slow, then making a link waits, and stops when the caller gives up', async () => {
    const sandbox = createSandboxPayments({ publicUrl: 'https://orders.example', links: memoryLinks(), mode: 'slow', delayMs: 60_000 });
    const caller = new AbortController();

    const link = sandbox.createPaymentLink({ reference: 'ref-1', amount: 1, currency: 'CLP', description: '' }, caller.signal);
    caller.abort();

    await expect(link).rejects.toThrow(/abort/i);
  });

  it('when a link is voided, then it is cancelled in the store', async () => {
    const links = memoryLinks();

    await createSandboxPayments({ publicUrl: 'https://orders.example', links }).cancelPaymentLink('ref-1');

    expect(links.states.get('ref-1')).toBe('cancelled');
  });
});

describe("the sandbox's Pay", () => {
  let receiver: Awaited<ReturnType<typeof startFakeServer>>;
  let refusals = 0;
  beforeAll(async () => {
    // Stands in for the service's notification route behind PUBLIC_URL; refuses the first `refusals` deliveries.
    receiver = await startFakeServer((request, response) => {
      if (refusals > 0) {
        refusals -= 1;
        return sendJson(response, 503, { code: 'STORE_UNAVAILABLE' });
      }
      sendJson(response, 200, { received: true });
    });
  });
  afterAll(() => receiver.close());

  const checkout = (links: SandboxLinks) =>
    createSandboxCheckout({ links, publicUrl: `${receiver.url}/prefix`, secret: SECRET, timeoutMs: 1_000, retryDelaysMs: [10, 10], clock: () => new Date(NOW) });

  it('when the payer pays, then the route behind PUBLIC_URL gets the notification, signed as the verifier wants', async () => {
    const before = receiver.requests.length;
    const sandbox = checkout(memoryLinks());

    const outcome = await sandbox.pay('ref-pay');
    await sandbox.close();
    const [sent] = receiver.requests.slice(before);

    expect(outcome.done).toBe(true);
    expect(sent!.url).toBe('/prefix/payments/notifications/sandbox');
    const verdict = createSandboxVerifier(SECRET, () => NOW).verify(
      headersOf({ 'x-sandbox-signature': String(sent!.headers['x-sandbox-signature']) }), new URLSearchParams(), JSON.parse(sent!.body));
    expect(verdict.kind).toBe('payment');
  });

  it('when the route refuses the notification, then it is delivered again later', async () => {
    const before = receiver.requests.length;
    refusals = 2;
    const sandbox = checkout(memoryLinks());

    await sandbox.pay('ref-retry');

    await expect.poll(() => receiver.requests.length - before).toBe(3);
    await sandbox.close();
  });

  it('when the link was paid already, then Pay is refused and nothing is sent', async () => {
    const links = memoryLinks();
    links.states.set('ref-paid', 'paid');
    const before = receiver.requests.length;
    const sandbox = checkout(links);

    const outcome = await sandbox.pay('ref-paid');
    await sandbox.close();

    expect(outcome).toMatchObject({ done: false, link: { state: 'paid' } });
    expect(receiver.requests.length).toBe(before);
  });
});
