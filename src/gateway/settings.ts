import { ConfigError, declareSettings, type Reader } from '../platform/config/settings.js';

/** Gateway mode: a running legacy order service makes the orders, this one stands in front. */
export const GATEWAY_SETTINGS = declareSettings({
  ORDERS_UPSTREAM_URL: { default: '', doc: 'base URL of a running legacy order service: when set, the service runs as a gateway in front of it' },
  ORDERS_UPSTREAM_TOKEN: { default: '', doc: "sent upstream as `Authorization: Bearer …`; when unset, the caller's Authorization is forwarded unchanged" },
  ORDERS_UPSTREAM_TIMEOUT_MS: { default: '10000', doc: 'deadline of one upstream call, waiting for a connection and connecting included' },
});

export interface UpstreamConfig {
  url: string;
  /** Sent as `Bearer <it>`; null forwards the caller's Authorization. */
  token: string | null;
  timeoutMs: number;
  /** The legacy's key of the payment URL in its answers. */
  paymentField: string;
}

export interface GatewayConfig {
  /** Gateway mode: the legacy order service that makes the orders; null in native mode. */
  upstream: UpstreamConfig | null;
}

/** Gateway mode's settings when ORDERS_UPSTREAM_URL is set; `paymentField` is the legacy's payment key. */
export function readGatewayConfig(read: Reader<keyof typeof GATEWAY_SETTINGS>, { paymentField }: { paymentField: string | null }): GatewayConfig {
  const timeoutMs = read.number('ORDERS_UPSTREAM_TIMEOUT_MS', { min: 100, max: 600_000, integer: true });
  const url = read.httpUrl('ORDERS_UPSTREAM_URL');
  if (!url) return { upstream: null };
  // The legacy names its payment key after its provider: without the name, no answer reads.
  if (!paymentField) throw new ConfigError('PAYMENT_REFERENCE_LEGACY_FIELD must be set when ORDERS_UPSTREAM_URL is');
  const token = read.optional('ORDERS_UPSTREAM_TOKEN');
  // Visible ASCII only: anything else could not be sent in a header, or would split it.
  if (token !== null && !/^[\x21-\x7e]+$/.test(token)) {
    throw new ConfigError('ORDERS_UPSTREAM_TOKEN must be visible ASCII characters, without spaces');
  }
  return { upstream: { url, token, timeoutMs, paymentField } };
}
