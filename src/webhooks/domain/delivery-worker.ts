import { createDeliveryTry, type DeliveryTryDeps } from './delivery-try.js';
import { SENT_ORDER_EVENTS } from './event-types.js';
import type { ClaimedDelivery, WebhookOutbox } from './ports.js';

const FAN_OUT_PAGE = 500;
// Tries in flight to one endpoint from one instance: the sender's connections to a receiver. More
// would wait for a connection within their own deadline, and time out behind a slow receiver.
export const TRIES_PER_ENDPOINT = 4;

export interface DeliveryWorkerDeps extends DeliveryTryDeps {
  outbox: WebhookOutbox;
  /** Tries in flight at once. */
  concurrency: number;
  onProblem: (message: string, detail: Record<string, unknown>) => void;
}

/**
 * Turns order events into deliveries and tries the due ones, on `wake()` (events committed here,
 * a poll for the others'). A claimed delivery is leased past its try's deadline: should this
 * process die during the try, another instance tries it again once the lease runs out, under the
 * same webhook-id.
 */
export function createDeliveryWorker(deps: DeliveryWorkerDeps) {
  const { queue, clock, timeoutMs } = deps;
  const attempt = createDeliveryTry(deps);
  // The try's deadline twice over (lookup and request), and room to record what came of it.
  const leaseMs = 2 * timeoutMs + 30_000;
  const inFlight = new Set<Promise<void>>();
  const perEndpoint = new Map<string, number>();
  let pass: Promise<void> | null = null;
  let again = false;
  let closed = false;

  /** Fans out what there is; false when no endpoint is registered, and so nothing can be due. */
  async function fanOut(): Promise<boolean> {
    for (;;) {
      const now = clock();
      const done = await deps.outbox.fanOut(SENT_ORDER_EVENTS, now, FAN_OUT_PAGE);
      // Another instance is fanning out: deliveries may be due all the same.
      if (!done) return true;
      deps.observe?.outboxLag?.(done.oldestAt ? Math.max(0, now.getTime() - done.oldestAt.getTime()) / 1000 : 0);
      if (!done.endpoints) return false;
      if (done.read < FAN_OUT_PAGE) return true;
    }
  }

  function start(delivery: ClaimedDelivery): void {
    const endpoint = delivery.endpoint.id;
    perEndpoint.set(endpoint, (perEndpoint.get(endpoint) ?? 0) + 1);
    const running: Promise<void> = attempt(delivery)
      .catch((err: unknown) => deps.onProblem('a webhook delivery failed to be tried or recorded', { err, delivery: delivery.id }))
      .finally(() => {
        inFlight.delete(running);
        const left = perEndpoint.get(endpoint)! - 1;
        if (left) perEndpoint.set(endpoint, left);
        else perEndpoint.delete(endpoint);
        wake();
      });
    inFlight.add(running);
  }

  async function run(): Promise<void> {
    try {
      // Without an endpoint, the claim (the queue's costliest statement) would find nothing.
      if (!(await fanOut())) return;
      const room = deps.concurrency - inFlight.size;
      if (room <= 0) return;
      const now = clock();
      const claimed = await queue.claim(now, new Date(now.getTime() + leaseMs), room, { perEndpoint: TRIES_PER_ENDPOINT, inFlight: perEndpoint });
      claimed.forEach(start);
    } catch (err) {
      deps.onProblem('fanning out or claiming webhook deliveries failed', { err });
    }
  }

  /** Runs a pass now, or once more after the one under way. */
  function wake(): void {
    if (closed) return;
    if (pass) {
      again = true;
      return;
    }
    again = false;
    pass = run().finally(() => {
      pass = null;
      if (again) wake();
    });
  }

  /** Resolves once no pass runs and no try is in flight. */
  async function idle(): Promise<void> {
    while (pass || inFlight.size) await Promise.allSettled([pass, ...inFlight]);
  }

  return {
    wake,
    idle,
    /** Takes no more work; resolves once the tries in flight (each within its deadline) are recorded. */
    async close(): Promise<void> {
      closed = true;
      await idle();
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
