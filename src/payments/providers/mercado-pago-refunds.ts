import type { RefundRequest } from '../domain/ports.js';
import { toMajorUnits, toMinorUnits } from '../../orders/domain/pricing.js';
import { OutboundError, type JsonClient, type JsonRequest } from '../../platform/outbound/json-client.js';
import { causeOf, MERCADO_PAGO as SERVICE, refused } from './mercado-pago-errors.js';

// Refunds through the Payments API:
// https://www.mercadopago.cl/developers/en/reference/chargebacks/_payments_id_refunds/post
// https://www.mercadopago.cl/developers/en/reference/payments/_payments_id/get
// Mercado Pago has the refund: approved, or in process (a contingency it finishes on its own,
// answered as such thanks to X-Render-In-Process-Refunds rather than as a bare 400).
const ACCEPTED = new Set(['approved', 'in_process']);
// Refusals that may mean this very refund was made before: "the payment was fully refunded"
// (2063) and "X-Idempotency-Key already used" (2032). Only the payment's own list of refunds
// can say whether it was.
const MAYBE_MADE = new Set(['2063', '2032']);

/** What a refund needs to know of the payment, amounts in the request's minor unit. */
interface PaymentState {
  status: string;
  paid: number;
  refunded: number;
  refunds: { amount: number; status: string }[];
}

export interface MercadoPagoRefundsOptions {
  client: JsonClient;
  accessToken: string;
  /** Deadline of one call, also when the caller's signal allows longer. */
  timeoutMs: number;
}

/**
 * Refunds a payment once per idempotency key. The payment is read first: a refund of this amount
 * already on it is this refund, made by an earlier attempt whose answer was lost (or by hand in
 * Mercado Pago's panel) and is not made again, even should Mercado Pago have forgotten the key.
 * The amount goes in the currency's major unit; the whole payment goes as an empty body, a full
 * refund, which every payment method takes (some refuse partial ones).
 */
export function createMercadoPagoRefunds(options: MercadoPagoRefundsOptions) {
  const { client, timeoutMs } = options;
  const auth = { authorization: `Bearer ${options.accessToken}` };
  const call = (request: JsonRequest, signal?: AbortSignal) =>
    client.request({
      ...request,
      headers: { ...auth, ...request.headers },
      // Without a signal the client keeps its own deadline; with one, both apply.
      ...(signal ? { signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) } : {}),
    });

  async function paymentOf(reference: string, signal?: AbortSignal): Promise<string> {
    const answer = await call({ method: 'GET', path: `/v1/payments/search?external_reference=${encodeURIComponent(reference)}` }, signal);
    if (answer.status !== 200) throw refused(answer.status, answer.body);
    const { results } = (answer.body ?? {}) as { results?: unknown };
    if (!Array.isArray(results)) throw new OutboundError(SERVICE, 'malformed', 'yes', 'payment search without results', 200);
    const paid = results.filter((p) => p?.status === 'approved' || p?.status === 'refunded');
    if (paid.length !== 1) throw new OutboundError(SERVICE, 'rejected', 'yes', `${paid.length} paid payments for ${reference}`, 200);
    return String(paid[0].id);
  }

  async function read(id: string, currency: string, signal?: AbortSignal): Promise<PaymentState> {
    const answer = await call({ method: 'GET', path: `/v1/payments/${id}` }, signal);
    if (answer.status !== 200) throw refused(answer.status, answer.body);
    const p = (answer.body ?? {}) as Record<string, any>;
    if (typeof p.status !== 'string' || typeof p.transaction_amount !== 'number') {
      throw new OutboundError(SERVICE, 'malformed', 'yes', `payment ${id} without status or amount`, 200);
    }
    if (p.currency_id !== currency) throw new OutboundError(SERVICE, 'rejected', 'yes', `payment ${id} is in ${p.currency_id}, not ${currency}`, 200);
    const minor = (major: unknown) => (typeof major === 'number' ? toMinorUnits(major, currency) : 0);
    return {
      status: p.status,
      paid: minor(p.transaction_amount),
      refunded: minor(p.transaction_amount_refunded),
      refunds: (Array.isArray(p.refunds) ? p.refunds : []).map((r: any) => ({ amount: minor(r?.amount), status: String(r?.status) })),
    };
  }

  const made = (payment: PaymentState, amount: number) => payment.refunds.some((r) => r.amount === amount && ACCEPTED.has(r.status));

  return async function refundPayment(request: RefundRequest, signal?: AbortSignal): Promise<void> {
    const { amount, currency, idempotencyKey } = request;
    if (!Number.isSafeInteger(amount) || amount <= 0 || !idempotencyKey) {
      throw new OutboundError(SERVICE, 'rejected', 'no', 'a refund needs a positive whole amount in the minor unit and a key');
    }
    const id = request.providerPaymentId ?? (await paymentOf(request.reference, signal));
    if (!/^\d{1,20}$/.test(id)) throw new OutboundError(SERVICE, 'rejected', 'no', `not a Mercado Pago payment id: ${id}`);
    const payment = await read(id, currency, signal);
    if (made(payment, amount)) return;
    if (payment.status !== 'approved') throw new OutboundError(SERVICE, 'rejected', 'yes', `payment ${id} is ${payment.status}`, 200);
    if (amount > payment.paid - payment.refunded) {
      throw new OutboundError(SERVICE, 'rejected', 'yes', `refund of ${amount} over the ${payment.paid - payment.refunded} left of payment ${id}`, 200);
    }
    const whole = amount === payment.paid && payment.refunded === 0;
    const answer = await call({
      method: 'POST',
      path: `/v1/payments/${id}/refunds`,
      headers: { 'x-idempotency-key': idempotencyKey, 'x-render-in-process-refunds': 'true' },
      body: whole ? {} : { amount: toMajorUnits(amount, currency) },
    }, signal);
    if (answer.status === 200 || answer.status === 201) return accepted(answer.body, amount, currency);
    if (MAYBE_MADE.has(causeOf(answer.body)) && made(await read(id, currency, signal), amount)) return;
    throw refused(answer.status, answer.body);
  };
}

/** A refund Mercado Pago answered with: it has it, or it turned it down. */
function accepted(body: unknown, amount: number, currency: string): void {
  const refund = (body ?? {}) as { status?: unknown; amount?: unknown };
  if (typeof refund.status !== 'string' || typeof refund.amount !== 'number') {
    throw new OutboundError(SERVICE, 'malformed', 'yes', 'refund without status or amount', 201);
  }
  if (!ACCEPTED.has(refund.status)) throw new OutboundError(SERVICE, 'rejected', 'yes', `refund ${refund.status}`, 201);
  // The key names another refund than the one asked: not this one.
  if (toMinorUnits(refund.amount, currency) !== amount) {
    throw new OutboundError(SERVICE, 'rejected', 'yes', `the key's refund is of ${refund.amount}, not ${toMajorUnits(amount, currency)}`, 201);
  }
}
