import { declareSettings, type Reader } from '../platform/config/settings.js';

/** Webhook delivery: which endpoints are allowed, how long a delivery may take, how many at once. */
export const WEBHOOK_SETTINGS = declareSettings({
  WEBHOOKS_ALLOW_PRIVATE_URLS: { default: 'false', doc: '`true`: webhook endpoints may be on loopback, private, link-local and other non-public addresses (development, tests)' },
  WEBHOOKS_TIMEOUT_MS: { default: '10000', doc: 'deadline of one webhook delivery: the address lookup, the connection and the whole answer' },
  WEBHOOKS_POLL_MS: { default: '1000', doc: 'how often each instance looks for order events and due deliveries written by the others' },
  WEBHOOKS_CONCURRENCY: { default: '16', doc: 'webhook deliveries in flight at once, per instance' },
  WEBHOOKS_SECRET_OVERLAP_HOURS: { default: '24', doc: "after a webhook secret's rotation, how long deliveries are also signed with the previous secret" },
});

export interface WebhookSettings {
  allowPrivateUrls: boolean;
  /** Endpoints must be https (production); else http too. */
  httpsOnly: boolean;
  timeoutMs: number;
  pollMs: number;
  concurrency: number;
  secretOverlapMs: number;
}

export interface WebhooksConfig {
  webhooks: WebhookSettings;
}

export function readWebhooksConfig(read: Reader<keyof typeof WEBHOOK_SETTINGS>, { production }: { production: boolean }): WebhooksConfig {
  const { number } = read;
  return {
    webhooks: {
      allowPrivateUrls: read.flag('WEBHOOKS_ALLOW_PRIVATE_URLS', false),
      httpsOnly: production,
      timeoutMs: number('WEBHOOKS_TIMEOUT_MS', { min: 100, max: 120_000, integer: true }),
      pollMs: number('WEBHOOKS_POLL_MS', { min: 10, max: 600_000, integer: true }),
      concurrency: number('WEBHOOKS_CONCURRENCY', { min: 1, max: 1024, integer: true }),
      secretOverlapMs: number('WEBHOOKS_SECRET_OVERLAP_HOURS', { min: 0, max: 24 * 30 }) * 3_600_000,
    },
  };
}
