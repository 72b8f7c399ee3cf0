import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { TRIES_PER_ENDPOINT } from '../domain/delivery-worker.js';
import type { PostOutcome, WebhookSender } from '../domain/ports.js';
import { Pool } from '../../platform/outbound/undici.js';
import { postOnce } from '../../platform/outbound/post-once.js';
import { createEndpointBreakers, type EndpointBreakerSettings } from './endpoint-breakers.js';

export interface WebhookSenderOptions {
  /** WEBHOOKS_TIMEOUT_MS: bounds each phase besides the deadline each post is given. */
  timeoutMs: number;
  breaker?: EndpointBreakerSettings;
  /** Pools kept at most; the least recently used is closed to make room. */
  maxPools?: number;
  /** The signing time; the receiver compares it with its own clock (5 minutes' tolerance). */
  now?: () => Date;
}

// A receiver answers with a status; a body is not read beyond this.
const MAX_RESPONSE_BYTES = 64 * 1024;
const USER_AGENT = 'roadside-order-service-webhooks';

/**
 * Connects to the addresses that were checked, whatever the name resolves to by then: all of them
 * when Node tries each family in turn (autoSelectFamily), else the first.
 */
function pinnedTo(addresses: string[]): LookupFunction {
  const all = addresses.map((address) => ({ address, family: isIP(address) }));
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, all);
    else callback(null, all[0]!.address, all[0]!.family);
  }) as LookupFunction;
}

const reasonOf = (error: Error) => (error as { code?: string }).code ?? error.message;

/**
 * Signed POSTs (Standard Webhooks, the `standardwebhooks` package), each through a small undici
 * pool for its origin and checked addresses, behind its endpoint's circuit breaker. A redirect is
 * an answer like any other non-2xx: it is not followed, since its target was never checked.
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender & { close(): Promise<void> } {
  const { timeoutMs } = options;
  const now = options.now ?? (() => new Date());
  const maxPools = options.maxPools ?? 256;
  const breakers = createEndpointBreakers(options.breaker);
  // Insertion order is use order: a pool is moved to the end when used.
  const pools = new Map<string, Pool>();
  const retire = (key: string, pool: Pool) => {
    pools.delete(key);
    pool.close().catch(() => {});
  };

  function poolFor(url: URL, addresses: string[]): Pool {
    const key = `${url.origin} ${addresses.join(',')}`;
    const kept = pools.get(key);
    if (kept) {
      pools.delete(key);
      pools.set(key, kept);
      return kept;
    }
    // The name resolves elsewhere now: the connections to its old addresses go.
    for (const [other, pool] of pools) if (other.startsWith(`${url.origin} `)) retire(other, pool);
    const oldest = pools.entries().next().value;
    if (pools.size >= maxPools && oldest) retire(...oldest);
    const pool = new Pool(url.origin, {
      // A few at a time: a receiver is an integrator's server, not a provider's.
      connections: TRIES_PER_ENDPOINT,
      pipelining: 1,
      allowH2: false,
      connect: { timeout: timeoutMs, lookup: pinnedTo(addresses) },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      keepAliveTimeout: 4_000,
    });
    pools.set(key, pool);
    return pool;
  }

  async function post(url: URL, addresses: string[], headers: Record<string, string>, body: string, deadlineMs: number): Promise<PostOutcome> {
    const started = performance.now();
    const exchange = await postOnce(poolFor(url, addresses), {
      path: `${url.pathname}${url.search}`,
      headers,
      body,
      timeoutMs: deadlineMs,
      maxResponseBytes: MAX_RESPONSE_BYTES,
    });
    const durationMs = Math.round(performance.now() - started);
    if (exchange.kind === 'answer' || exchange.kind === 'too-large') return { kind: 'answered', status: exchange.status, durationMs };
    if (exchange.kind === 'timeout') return { kind: 'failed', error: `no answer within ${Math.round(deadlineMs)} ms`, durationMs };
    return { kind: 'failed', error: reasonOf(exchange.error), durationMs };
  }

  return {
    post({ endpointId, url, addresses }, { webhookId, body, secrets }, deadlineMs) {
      const timestamp = now();
      const headers = {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'webhook-id': webhookId,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        // One signature per secret in force, space-separated: a receiver holding either verifies.
        'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(webhookId, timestamp, body)).join(' '),
      };
      return breakers(endpointId, () => post(url, addresses, headers, body, deadlineMs));
    },
    async close() {
      const all = [...pools.values()];
      pools.clear();
      await Promise.all(all.map((pool) => pool.close().catch(() => {})));
    },
  };
}
