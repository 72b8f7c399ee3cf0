import type {
  NotificationVerdict,
  NotificationVerifier,
  PaymentReadback,
  PaymentReader,
  PaymentState,
} from '../domain/events.js';
import { toMinorUnits } from '../../orders/domain/pricing.js';
import { createJsonClient, OutboundError } from '../../platform/outbound/json-client.js';
import { MERCADO_PAGO_API_URL } from './mercado-pago.js';
import { matchesAny, parseSignatureHeader, signatureManifest, signatureTimeMs, signManifest } from './mercado-pago-signature.js';

export interface MercadoPagoNotificationsOptions {
  /** The application's secret signature ("Your integrations" → Webhooks). */
  webhookSecret: string;
  accessToken: string;
  baseUrl?: string;
  timeoutMs: number;
  /**
   * Refuse signatures whose ts is further than this from now. Unset: no bound. A replayed
   * notification changes nothing (the payment is read back from Mercado Pago, and processing
   * is idempotent), while the documentation does not say whether a retried notification is
   * signed again with a new ts; a tight bound could refuse genuine retries.
   */
  maxSignatureAgeMs?: number;
  now?: () => number;
  connections?: number;
}

// Payment statuses as the Payments API documents them, in the order's terms.
// https://www.mercadopago.cl/developers/en/reference/payments/_payments_id/get
const STATES: Record<string, PaymentState> = {
  approved: 'paid',
  pending: 'pending',
  authorized: 'pending',
  in_process: 'pending',
  in_mediation: 'pending',
  rejected: 'failed',
  cancelled: 'cancelled',
  refunded: 'cancelled',
  charged_back: 'cancelled',
};

const SERVICE = 'mercado-pago';

/**
 * Mercado Pago's payment notifications, in two steps: `verify` (synchronous, no I/O) checks a
 * received webhook's signature and says which payment it is about; `readPayment` reads that
 * payment from the Payments API, the only source of its state.
 */
export function createMercadoPagoNotifications(
  options: MercadoPagoNotificationsOptions,
): NotificationVerifier & PaymentReader & { close(): Promise<void> } {
  const client = createJsonClient(options.baseUrl ?? MERCADO_PAGO_API_URL, {
    service: SERVICE,
    timeoutMs: options.timeoutMs,
    connections: options.connections,
  });
  const now = options.now ?? Date.now;

  function verify(headers: Headers, query: URLSearchParams, body: unknown): NotificationVerdict {
    const header = headers.get('x-signature');
    if (!header) return { kind: 'forged', reason: 'no x-signature header' };
    const signature = parseSignatureHeader(header);
    if (!signature) return { kind: 'forged', reason: 'x-signature without ts and v1' };
    const requestId = headers.get('x-request-id');
    const dataId = query.get('data.id');
    const expected = signManifest(signatureManifest(dataId, requestId, signature.ts), options.webhookSecret);
    if (!matchesAny(expected, signature.v1)) return { kind: 'forged', reason: 'signature does not match' };
    if (options.maxSignatureAgeMs) {
      const signedAt = signatureTimeMs(signature.ts);
      if (signedAt === undefined || Math.abs(now() - signedAt) > options.maxSignatureAgeMs) {
        return { kind: 'forged', reason: 'signature too old' };
      }
    }

    const sent = (body ?? {}) as { type?: unknown; data?: { id?: unknown } };
    const topic = query.get('type') ?? query.get('topic') ?? sent.type;
    if (topic !== 'payment') return { kind: 'ignored', reason: `topic ${String(topic)}` };
    if (!dataId) return { kind: 'ignored', reason: 'no data.id in the URL' };
    // The body is not signed: one that names another payment than the signed URL was altered.
    if (sent.data?.id !== undefined && String(sent.data.id) !== dataId) {
      return { kind: 'forged', reason: 'body names another payment than the signed URL' };
    }
    if (!/^\d{1,20}$/.test(dataId)) return { kind: 'ignored', reason: 'data.id is not a payment id' };
    return { kind: 'payment', providerPaymentId: dataId, requestId };
  }

  async function readPayment(providerPaymentId: string, signal?: AbortSignal): Promise<PaymentReadback> {
    if (!/^\d{1,20}$/.test(providerPaymentId)) throw new Error(`not a Mercado Pago payment id: ${providerPaymentId}`);
    const answer = await client.request({
      method: 'GET',
      path: `/v1/payments/${providerPaymentId}`,
      headers: { authorization: `Bearer ${options.accessToken}` },
      signal,
    });
    if (answer.status !== 200) {
      throw new OutboundError(SERVICE, 'rejected', 'yes', `payment ${providerPaymentId}: answered ${answer.status}`, answer.status);
    }
    const payment = (answer.body ?? {}) as Record<string, unknown>;
    const status = payment.status;
    const stated = typeof status === 'string' ? STATES[status] : undefined;
    if (!stated) throw new OutboundError(SERVICE, 'malformed', 'yes', `payment status ${String(status)}`, 200);
    // Refunded in part, a payment stays approved; for its order it is undone all the same (the
    // notification of a refund the service made must not pay anything again).
    const partly = stated === 'paid' && typeof payment.transaction_amount_refunded === 'number' && payment.transaction_amount_refunded > 0;
    const state: PaymentState = partly ? 'cancelled' : stated;
    const providerStatus = partly ? 'partially_refunded' : (status as string);
    const reference = typeof payment.external_reference === 'string' && payment.external_reference ? payment.external_reference : null;
    const currency = typeof payment.currency_id === 'string' ? payment.currency_id : null;
    return { providerPaymentId, reference, state, providerStatus, amount: minor(payment.transaction_amount, currency), currency };
  }

  return { verify, readPayment, close: () => client.close() };
}

function minor(amount: unknown, currency: string | null): number | null {
  if (typeof amount !== 'number' || !currency) return null;
  try {
    return toMinorUnits(amount, currency);
  } catch {
    return null;
  }
}
