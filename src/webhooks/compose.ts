import { context, ROOT_CONTEXT } from '@opentelemetry/api';
import type { Logger } from 'pino';
import type { WebhooksConfig } from './settings.js';
import type { OrderStore } from '../orders/domain/ports.js';
import { createDeliveryWorker } from './domain/delivery-worker.js';
import { createWebhookEndpoints } from './domain/endpoints.js';
import type { AddressResolver } from './domain/ports.js';
import { every } from '../platform/every.js';
import type { Metrics } from '../platform/metrics/metrics.js';
import type { Sql } from '../platform/store/sql.js';
import { createWebhookDeliveryStore } from './store/webhook-delivery-store.js';
import { createWebhookEndpointStore } from './store/webhook-endpoint-store.js';
import { createWebhookOutbox } from './store/webhook-outbox.js';
import { createWebhookQueue } from './store/webhook-queue.js';
import { dnsResolver } from './delivery/dns-resolver.js';
import type { EndpointBreakerSettings } from './delivery/endpoint-breakers.js';
import { createWebhookMessages } from './delivery/message.js';
import { newWebhookSecret } from './delivery/secrets.js';
import { createWebhookSender } from './delivery/sender.js';
import { tracingOn } from '../platform/tracing/tracer.js';

// An order event's id not seen after this long belonged to a transaction that rolled back: a
// change of an order commits within its statements' deadlines, seconds.
const GAP_TIMEOUT_MS = 5 * 60_000;
const PENDING_COUNT_MS = 15_000;

export interface WebhookParts {
  config: WebhooksConfig;
  sql: Sql;
  log: Logger;
  clock: () => Date;
  metrics: Metrics;
  orders: Pick<OrderStore, 'findById'>;
  /** Replaces the system's DNS resolver (tests). */
  resolver?: AddressResolver;
  breaker?: EndpointBreakerSettings;
  random?: () => number;
}

// Changes committed here wake the worker at most this often (see wakeSoon).
const WAKE_AFTER_MS = 100;

/**
 * Webhooks: the owners' endpoints (for GraphQL), and the worker that fans order events out to
 * them and delivers, on every instance: woken when this instance commits events, and polling for
 * the others' every WEBHOOKS_POLL_MS.
 */
export function composeWebhooks(parts: WebhookParts) {
  const { config, sql, log, clock, metrics } = parts;
  const settings = config.webhooks;
  const resolver = parts.resolver ?? dnsResolver;
  const problem = (message: string, detail: Record<string, unknown>) => log.warn(detail, message);

  const sender = createWebhookSender({ timeoutMs: settings.timeoutMs, breaker: parts.breaker });
  const queue = createWebhookQueue(sql);
  const worker = createDeliveryWorker({
    outbox: createWebhookOutbox(sql, { gapTimeoutMs: GAP_TIMEOUT_MS }),
    queue,
    messages: createWebhookMessages(parts.orders),
    resolver,
    sender,
    clock,
    random: parts.random,
    allowPrivateAddresses: settings.allowPrivateUrls,
    timeoutMs: settings.timeoutMs,
    concurrency: settings.concurrency,
    observe: {
      delivery: (outcome, seconds) => metrics.webhookDeliveries.observe({ outcome }, seconds),
      outboxLag: (seconds) => metrics.webhookOutboxLag.set(seconds),
    },
    onProblem: problem,
  });
  // What wakes the worker is often a request that committed events: the pass it starts is work
  // done later, outside the request's trace, which it would otherwise fill with its statements.
  const wake = tracingOn() ? () => context.with(ROOT_CONTEXT, worker.wake) : worker.wake;

  const endpoints = createWebhookEndpoints({
    endpoints: createWebhookEndpointStore(sql),
    deliveries: createWebhookDeliveryStore(sql),
    resolver,
    newSecret: newWebhookSecret,
    clock,
    allowPrivateAddresses: settings.allowPrivateUrls,
    httpsOnly: settings.httpsOnly,
    lookupDeadlineMs: settings.timeoutMs,
    secretOverlapMs: settings.secretOverlapMs,
    onDue: wake,
  });
  const countPending = async () => metrics.webhookPending.set(await queue.pendingCount());

  // Events committed here are in the outbox: webhooks go out soon rather than at the next poll.
  // Batches and changes come many a second under load; one pass a moment later takes all of
  // theirs: a pass per batch or per change would cost the store as much as the changes themselves.
  let soon: NodeJS.Timeout | null = null;
  const wakeSoon = () => {
    soon ??= setTimeout(() => {
      soon = null;
      wake();
    }, WAKE_AFTER_MS).unref();
  };

  let timers: NodeJS.Timeout[] = [];
  let stopping: Promise<void> | undefined;
  return {
    endpoints,
    /** Fans out and delivers now: call it when events have committed on this instance. */
    wake,
    /** Fans out and delivers within WAKE_AFTER_MS, once for every call meanwhile. */
    wakeSoon,
    /** Resolves once nothing is being fanned out or delivered (tests). */
    idle: worker.idle,
    /** Polls for the other instances' events every WEBHOOKS_POLL_MS, and delivers what is due now. */
    start: () => {
      if (timers.length) return;
      timers = [
        every(settings.pollMs, async () => wake(), (err) => problem('waking the webhook worker failed', { err })),
        every(PENDING_COUNT_MS, countPending, (err) => problem('counting pending webhook deliveries failed', { err })),
      ];
      wake();
      countPending().catch((err: unknown) => problem('counting pending webhook deliveries failed', { err }));
    },
    /** Stops polling, lets the tries in flight finish within their deadline, closes the pools. */
    stop: () =>
      (stopping ??= (async () => {
        timers.forEach(clearInterval);
        if (soon) clearTimeout(soon);
        await worker.close();
        await sender.close();
      })()),
  };
}

export type Webhooks = ReturnType<typeof composeWebhooks>;
