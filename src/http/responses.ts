import { ERROR_TABLE, type ErrorCode } from '../error-table.js';
import type { PlainResponse } from './plain.js';

export function json(status: number, body: unknown, headers: Record<string, string> = {}): PlainResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(body) };
}

/** `{"message", "code"}` (plus `field` for invalid input) with the status the table gives the code. */
export function errorResponse(
  code: ErrorCode,
  message: string,
  extra: { field?: string } = {},
  headers: Record<string, string> = {},
): PlainResponse {
  const implied: Record<string, string> = {};
  if (code === 'UNAUTHENTICATED') implied['www-authenticate'] = 'Bearer';
  // An outage of the store is short-lived or long; either way a client should not hammer it.
  if (code === 'STORE_UNAVAILABLE') implied['retry-after'] = '1';
  // Long enough for the store to answer again and the retry to find the order, if it was stored.
  if (code === 'ORDER_OUTCOME_UNKNOWN') implied['retry-after'] = '5';
  return json(ERROR_TABLE[code].status, { message, code, ...extra }, Object.assign(implied, headers));
}
