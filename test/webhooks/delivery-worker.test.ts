import { describe, expect, it } from 'vitest';
import { createDeliveryWorker } from '../../src/webhooks/domain/delivery-worker.js';
import type { AfterTry, ClaimedDelivery, DeliveryQueue, FanOutPass, PostOutcome, WebhookAttempt } from '../../src/webhooks/domain/ports.js';

const NOW = new Date('2026-11-21T12:00:00Z');

const claimed = (id: string): ClaimedDelivery => ({
  id,
  webhookId: `msg_${id}_1`,
  type: 'order.paid',
  attempts: 0,
  lease: `lease-${id}`,
  endpoint: { id: '1', url: 'https://hooks.example/in', secret: 'whsec_a', previousSecret: 'whsec_b', previousSecretUntil: new Date(NOW.getTime() + 1) },
  event: { orderId: 7, ownerSubject: 'app-1', at: NOW, status: 'pending', pendingStatus: 'pending_partner' },
});

/** A queue holding the given deliveries, due once each, recording what the worker tells it. */
function fakeQueue(due: ClaimedDelivery[]) {
  const recorded: { id: string; attempt: WebhookAttempt; next: AfterTry }[] = [];
  const postponed: { id: string; at: Date }[] = [];
  const limits: number[] = [];
  const queue: DeliveryQueue = {
    claim: async (_now, _until, limit, room) => {
      limits.push(Math.min(limit, room.perEndpoint - (room.inFlight.get('1') ?? 0)));
      return due.splice(0, limit);
    },
    record: async (d, attempt, next) => void recorded.push({ id: d.id, attempt, next }),
    postpone: async (d, at) => void postponed.push({ id: d.id, at }),
    pendingCount: async () => due.length,
  };
  return { queue, recorded, postponed, limits };
}

function worker(
  queue: DeliveryQueue,
  post: () => Promise<PostOutcome>,
  lookup: () => Promise<string[]> = async () => ['93.184.215.14'],
  fanOut: () => Promise<FanOutPass | null> = async () => null,
) {
  const sent: { secrets: string[] }[] = [];
  const problems: string[] = [];
  const made = createDeliveryWorker({
    outbox: { fanOut },
    queue,
    messages: { bodyOf: async () => '{}' },
    resolver: { lookup },
    sender: {
      post: (_target, message) => {
        sent.push(message);
        return post();
      },
    },
    clock: () => NOW,
    random: () => 0,
    allowPrivateAddresses: false,
    timeoutMs: 1_000,
    concurrency: 2,
    onProblem: (message) => void problems.push(message),
  });
  return Object.assign(made, { sent, problems });
}

describe('the delivery worker', () => {
  it('when the fan-out finds no endpoint registered, then nothing is claimed; when it finds one, or another instance holds the cursor, then the due deliveries are', async () => {
    for (const [pass, tried] of [
      [{ read: 0, oldestAt: null, endpoints: false }, []],
      [{ read: 0, oldestAt: null, endpoints: true }, ['1']],
      [null, ['1']],
    ] as const) {
      const { queue, limits, recorded } = fakeQueue([claimed('1')]);
      const run = worker(queue, async () => ({ kind: 'answered', status: 204, durationMs: 1 }), undefined, async () => pass);
      run.wake();
      await run.idle();
      expect(limits.length > 0).toBe(tried.length > 0);
      expect(recorded.map((r) => r.id)).toEqual(tried);
    }
  });

  it("when the endpoint's breaker is open, then the delivery is put back untried until the breaker lets a probe through", async () => {
    const { queue, recorded, postponed } = fakeQueue([claimed('1')]);
    const run = worker(queue, async () => ({ kind: 'breaker-open', retryInMs: 30_000 }));

    run.wake();
    await run.idle();

    expect(run.problems).toEqual([]);
    expect(recorded).toEqual([]);
    expect(postponed).toEqual([{ id: '1', at: new Date(NOW.getTime() + 30_000) }]);
  });

  it('when the name cannot be looked up, then the try fails with the reason and comes again 5 s later', async () => {
    const { queue, recorded } = fakeQueue([claimed('1')]);
    const lookupFailed = Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    const run = worker(queue, async () => ({ kind: 'answered', status: 204, durationMs: 1 }), () => Promise.reject(lookupFailed));

    run.wake();
    await run.idle();

    expect(run.problems).toEqual([]);
    expect(run.sent).toEqual([]);
    expect(recorded).toMatchObject([
      { id: '1', attempt: { responseStatus: null, error: 'address lookup failed: ENOTFOUND' }, next: { status: 'pending', at: new Date(NOW.getTime() + 5_000) } },
    ]);
  });

  it('when more are due than it may send at once, then it takes no more than that, and the rest as tries finish', async () => {
    const { queue, recorded, limits } = fakeQueue(['1', '2', '3'].map(claimed));
    const run = worker(queue, async () => ({ kind: 'answered', status: 200, durationMs: 1 }));

    run.wake();
    await run.idle();

    expect(run.problems).toEqual([]);
    expect(limits[0]).toBe(2);
    expect(recorded.map((r) => [r.id, r.next.status])).toEqual([['1', 'delivered'], ['2', 'delivered'], ['3', 'delivered']]);
    // Both secrets while the previous one is still in force.
    expect(run.sent[0]!.secrets).toEqual(['whsec_a', 'whsec_b']);
  });
});
