import type { ServerResponse } from 'node:http';
import { hold, reset, sendJson, type RecordedRequest } from './fake-server.js';
import { mpError, refundProblem, type RefundFailure } from './fake-mercado-pago-rules.js';

type Payment = Record<string, any>;

/**
 * Mercado Pago's refunds of the fake's payments: `POST /v1/payments/{id}/refunds` makes one per
 * X-Idempotency-Key (a repeat answers the same refund, and refunds nothing more), updating the
 * payment as the Payments API shows it (`refunds`, `transaction_amount_refunded`, `refunded` once
 * in full); `GET …/refunds` lists them; `GET /v1/payments/search` finds payments by reference.
 */
export function createFakeRefunds(payments: Map<string, Payment>, now: () => number) {
  const byKey = new Map<string, Record<string, unknown>>();
  const failures: RefundFailure[] = [];
  let nextRefundId = 2_100_000_001;

  function refund(request: RecordedRequest, response: ServerResponse, paymentId: string) {
    const failure = failures.shift();
    if (failure === 'server_error') return mpError(response, 500, 'internal_error', 'internal_error');
    if (failure === 'slow') return hold(response);
    if (failure === 'reset') return reset(response);
    const payment = payments.get(paymentId);
    if (!payment) return mpError(response, 404, 'not_found', 'Payment not found', 2000);
    let body: { amount?: unknown };
    try {
      body = JSON.parse(request.body || '{}');
    } catch {
      return mpError(response, 400, 'bad_request', 'Invalid JSON');
    }
    const key = String(request.headers['x-idempotency-key'] ?? '');
    const known = byKey.get(key);
    const problem = known ? undefined : refundProblem(key, body.amount, payment);
    if (problem) return mpError(response, problem.status, problem.error, problem.message, problem.code);
    const made = known ?? make(key, body.amount, payment);
    if (failure === 'server_error_after') return mpError(response, 503, 'service_unavailable', 'service unavailable');
    if (failure === 'slow_after') return hold(response);
    if (failure === 'reset_after') return reset(response);
    sendJson(response, 201, made);
  }

  function make(key: string, amount: unknown, payment: Payment) {
    const left = payment.transaction_amount - payment.transaction_amount_refunded;
    const made = {
      id: nextRefundId++,
      payment_id: payment.id,
      amount: typeof amount === 'number' ? amount : left,
      metadata: {},
      source: { id: String(payment.collector_id), name: 'Vendedor de prueba', type: 'collector' },
      date_created: new Date(now()).toISOString(),
      unique_sequence_number: null,
      refund_mode: 'standard',
      adjustment_amount: 0,
      status: 'approved',
      reason: null,
      labels: [],
      partition_details: [],
    };
    byKey.set(key, made);
    payment.refunds.push(made);
    // Cents added as cents, so that 12.34 + 0.01 is 12.35.
    payment.transaction_amount_refunded = Math.round((payment.transaction_amount_refunded + made.amount) * 100) / 100;
    const whole = payment.transaction_amount_refunded >= payment.transaction_amount;
    Object.assign(payment, whole ? { status: 'refunded', status_detail: 'refunded' } : { status_detail: 'partially_refunded' });
    return made;
  }

  /** Answers the request if it is about refunds or the payment search; false when it is not. */
  function route(request: RecordedRequest, response: ServerResponse, pathname: string, query: URLSearchParams): boolean {
    const paymentId = /^\/v1\/payments\/(\d+)\/refunds$/.exec(pathname)?.[1];
    if (paymentId && request.method === 'POST') refund(request, response, paymentId);
    else if (paymentId && request.method === 'GET') {
      const payment = payments.get(paymentId);
      if (payment) sendJson(response, 200, payment.refunds);
      else mpError(response, 404, 'not_found', 'Payment not found', 2000);
    } else if (pathname === '/v1/payments/search' && request.method === 'GET') {
      const results = [...payments.values()].filter((p) => p.external_reference === query.get('external_reference'));
      sendJson(response, 200, { paging: { total: results.length, limit: 30, offset: 0 }, results });
    } else return false;
    return true;
  }

  return {
    route,
    /** The next refund requests misbehave, one rule each. */
    failNext: (...rules: RefundFailure[]) => failures.push(...rules),
    /** Forgets every idempotency key, as Mercado Pago may after a while (it documents no lifetime). */
    forgetKeys: () => byKey.clear(),
  };
}
