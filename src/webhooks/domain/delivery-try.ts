import { refusedAmong } from './addresses.js';
import { hostOf } from './endpoint-url.js';
import type { AddressResolver, AfterTry, ClaimedDelivery, DeliveryQueue, WebhookMessages, WebhookSender } from './ports.js';
import { afterFailure } from './retry-schedule.js';
import { signingSecrets } from './signing-secrets.js';

export type DeliveryOutcome = 'delivered' | 'retried' | 'failed';

export interface DeliveryObserver {
  /** Each try that was made, by what followed it, with how long it took. */
  delivery?(outcome: DeliveryOutcome, seconds: number): void;
  /** How old the oldest event was when the fan-out read it; 0 when there was none. */
  outboxLag?(seconds: number): void;
}

export interface DeliveryTryDeps {
  queue: DeliveryQueue;
  messages: WebhookMessages;
  resolver: AddressResolver;
  sender: WebhookSender;
  clock: () => Date;
  random?: () => number;
  allowPrivateAddresses: boolean;
  /** One try, address lookup included. */
  timeoutMs: number;
  observe?: DeliveryObserver;
}

const fromFailure = (next: ReturnType<typeof afterFailure>): AfterTry =>
  next.kind === 'fail' ? { status: 'failed' } : { status: 'pending', at: next.at };

/**
 * One try of a claimed delivery: its body, its endpoint's addresses looked up and checked, the
 * signed POST, and what follows kept with the try (delivered, due again later, or failed).
 */
export function createDeliveryTry(deps: DeliveryTryDeps) {
  const { queue, clock, timeoutMs } = deps;
  const random = deps.random ?? Math.random;

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
      return fail(`address lookup failed: ${(error as { code?: string }).code ?? (error as Error).message}`);
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

  return attempt;
}
