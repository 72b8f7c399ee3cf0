import type { Logger } from 'pino';
import { answerFor, type ErrorAnswer } from '../error-table.js';
import type { PlainResponse } from './plain.js';

export function json(status: number, body: unknown, headers: Record<string, string> = {}): PlainResponse {
  return { status, headers: Object.assign({ 'content-type': 'application/json; charset=utf-8' }, headers), body: JSON.stringify(body) };
}

/** `{"message", "code"}` (plus `field` for invalid input), with the table's status and headers. */
export function errorJson({ status, message, code, field, headers }: ErrorAnswer): PlainResponse {
  return json(status, field === undefined ? { message, code } : { message, code, field }, headers);
}

/** Any failure as REST answers it; the unexpected are logged and masked. */
export const answerError = (error: unknown, log: Pick<Logger, 'warn' | 'error'>): PlainResponse =>
  errorJson(answerFor(error, log));
