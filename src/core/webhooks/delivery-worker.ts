import { refusedAmong } from './addresses.js';
import { hostOf } from './endpoint-url.js';
import { webhookTypeOf } from './event-types.js';
import type { AddressResolver, AfterTry, ClaimedDelivery, DeliveryQueue, WebhookMessages, WebhookOutbox, WebhookSender } from './ports.js';
import { afterFailure } from './retry-schedule.js';
import { signingSecrets } from './signing-secrets.js';

const FAN_OUT_PAGE = 500;
// Tries in flight to one endpoint from one instance: the sender's connections to a receiver. More
// would wait for a connection within their own deadline, and time out behind a slow receiver.
export const TRIES_PER_ENDPOINT = 4;

export type DeliveryOutcome = 'delivered' | 'retried' | 'failed';

export interface DeliveryObserver {
  /** Each try that was made, by what followed it, with how long it took. */
  delivery?(outcome: DeliveryOutcome, seconds: number): void;
  /** How old the oldest event was when the fan-out read it; 0 when there was none. */
  outboxLag?(seconds: number): void;
}

export interface DeliveryWorkerDeps {
  outbox: WebhookOutbox;
  queue: DeliveryQueue;
  messages: WebhookMessages;
  resolver: AddressResolver;
  sender: WebhookSender;
  clock: () => Date;
  random?: () => number;
  allowPrivateAddresses: boolean;
  /** One try, address lookup included. */
  timeoutMs: number;
  /** Tries in flight at once. */
  concurrency: number;
  observe?: DeliveryObserver;
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
  const random = deps.random ?? Math.random;
  // The try's deadline twice over (lookup and request), and room to record what came of it.
  const leaseMs = 2 * timeoutMs + 30_000;
  const inFlight = new Set<Promise<void>>();
  const perEndpoint = new Map<string, number>();
  let pass: Promise<void> | null = null;
  let again = false;
  let closed = false;

  async function fanOut(): Promise<void> {
    for (;;) {
      const now = clock();
      const done = await deps.outbox.fanOut(webhookTypeOf, now, FAN_OUT_PAGE);
      if (!done) return;
      deps.observe?.outboxLag?.(done.oldestAt ? Math.max(0, now.getTime() - done.oldestAt.getTime()) / 1000 : 0);
      if (done.read < FAN_OUT_PAGE) return;
    }
  }

  async function record(delivery: ClaimedDelivery, started: number, attempt: { responseStatus: number | null; error: string | null }, ok: boolean) {
    const at = clock();
    const durationMs = Math.round(performance.now() - started);
    const next: AfterTry = ok ? { status: 'delivered' } : fromFailure(afterFailure(delivery.attempts + 1, at, random));
    await queue.record(delivery, { at, durationMs, ...attempt }, next);
    deps.observe?.delivery?.(ok ? 'delivered' : next.status === 'failed' ? 'failed' : 'retried', durationMs / 1000);
  }

  async function attempt(delivery: ClaimedDelivery): Promise<void> {
    const started = performance.now();
    const fail = (error: string, responseStatus: number | null = null) => record(delivery, started, { responseStatus, error }, false);
    const body = await deps.messages.bodyOf(delivery);
    if (body === null) return fail('the order is gone');
    const url = new URL(delivery.endpoint.url);
    // Looked up again at every try, and the request sent to the address checked, not to what the
    // name resolves to a moment later: a name that turned private since registration is refused.
    let addresses: string[];
    try {
      addresses = await deps.resolver.lookup(hostOf(url), timeoutMs);
    } catch (error) {
      return fail(`address lookup failed: ${(error as { code?: string }).code ?? String(error)}`);
    }
    const refused = deps.allowPrivateAddresses ? null : refusedAmong(addresses);
    if (refused) return fail(`refused address ${refused.address} (${refused.range})`);
    const remaining = Math.max(1, timeoutMs - (performance.now() - started));
    const secrets = signingSecrets(delivery.endpoint, clock());
    const outcome = await deps.sender.post(
      { endpointId: delivery.endpoint.id, url, addresses },
      { webhookId: delivery.webhookId, body, secrets },
      remaining,
    );
    if (outcome.kind === 'breaker-open') return queue.postpone(delivery, new Date(clock().getTime() + outcome.retryInMs));
    if (outcome.kind === 'failed') return fail(outcome.error);
    const ok = outcome.status >= 200 && outcome.status < 300;
    return record(delivery, started, { responseStatus: outcome.status, error: ok ? null : `answered ${outcome.status}` }, ok);
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
      await fanOut();
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

const fromFailure = (next: ReturnType<typeof afterFailure>): AfterTry =>
  next.kind === 'fail' ? { status: 'failed' } : { status: 'pending', at: next.at };

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
