import type { ServerResponse } from 'node:http';
import { sendJson } from './fake-server.js';

// What the fake Mercado Pago checks in a preference and in a refund, as the API reference lists
// their 400 errors (https://www.mercadopago.cl/developers/en/reference/preferences/_checkout_preferences/post),
// the summary a preference search answers with, and how its refunds misbehave when told to.

/** Why the items would be refused, if they would. */
export function itemsProblem(items: unknown): string | undefined {
  if (!Array.isArray(items) || items.length === 0) return 'items needed.';
  for (const item of items) {
    if (typeof item?.currency_id !== 'string' || !item.currency_id) return 'currency_id needed.';
    if (!Number.isInteger(item.quantity)) return 'items.0.quantity must be a integer';
    if (typeof item.unit_price !== 'number' || item.unit_price <= 0) return 'unit_price invalid.';
    // Chilean pesos have no decimals at Mercado Pago.
    if (item.currency_id === 'CLP' && !Number.isInteger(item.unit_price)) return 'unit_price invalid.';
  }
  return undefined;
}

/** Why the validity window would be refused, if it would: `to` is needed, and not before `from`. */
export function datesProblem(expires: unknown, from: unknown, to: unknown): string | undefined {
  if (!expires) return undefined;
  if (typeof to !== 'string' || Number.isNaN(Date.parse(to))) return 'invalid_expiration_date_to';
  if (from != null && (typeof from !== 'string' || Number.isNaN(Date.parse(from)))) return 'invalid_expiration_date_from';
  if (typeof from === 'string' && Date.parse(from) > Date.parse(to)) return 'invalid_expiration_date_to';
  return undefined;
}

/** A preference as the search lists it. */
export const summary = (p: Record<string, any>) => ({
  id: p.id,
  client_id: p.client_id,
  collector_id: p.collector_id,
  date_created: p.date_created,
  expiration_date_from: p.expiration_date_from,
  expiration_date_to: p.expiration_date_to,
  expires: p.expires,
  external_reference: p.external_reference,
  items: p.items.map((i: { title: string }) => i.title),
  live_mode: false,
  operation_type: p.operation_type,
  site_id: 'MLC',
});

/** Mercado Pago's error envelope. */
export const mpError = (response: ServerResponse, status: number, error: string, message: string, code: string | number = error) =>
  sendJson(response, status, { message, error, status, cause: [{ code, description: message }] });

/**
 * How a refund request misbehaves, one rule per request in turn: before the refund is made (it
 * is not), or after it is made (it is, and its answer is lost: what an idempotency key is for).
 */
export type RefundFailure = 'server_error' | 'slow' | 'reset' | 'server_error_after' | 'slow_after' | 'reset_after';

export interface RefundProblem {
  status: number;
  error: string;
  code: number | string;
  message: string;
}

/**
 * Why a refund would be refused, if it would, as the API reference lists its errors
 * (https://www.mercadopago.cl/developers/en/reference/chargebacks/_payments_id_refunds/post).
 * `amount` is the body's, in the major unit; absent, the whole payment is refunded.
 */
export function refundProblem(key: string, amount: unknown, payment: Record<string, any>): RefundProblem | undefined {
  const problem = (status: number, error: string, code: number | string, message: string) => ({ status, error, code, message });
  if (!key) return problem(400, 'bad_request', 4292, 'Header X-Idempotency-Key can\'t be null');
  if (amount !== undefined && typeof amount !== 'number') return problem(400, 'bad_request', 4041, 'amount attribute must be numeric');
  if (typeof amount === 'number' && amount <= 0) return problem(400, 'bad_request', 4040, 'amount attribute must be positive');
  if (payment.status !== 'approved') return problem(400, 'bad_request', 2063, 'The action requested is not valid for the current payment state');
  const left = payment.transaction_amount - payment.transaction_amount_refunded;
  // Not in the reference: what more than is left to refund gets here.
  if (typeof amount === 'number' && (amount > left || (payment.currency_id === 'CLP' && !Number.isInteger(amount)))) {
    return problem(400, 'bad_request', 'invalid_refund_amount', `amount ${amount} is not refundable: ${left} left`);
  }
  return undefined;
}
