import { answerFor, RequestError, SILENT, type EdgeErrorCode, type ErrorAnswer, type ErrorLog } from './error-table.js';
import type { PlainResponse } from './plain.js';

/** A PlainResponse whose body is text, as every answer but a file's is. */
export type TextResponse = PlainResponse & { body: string };

export function json(status: number, body: unknown, headers: Record<string, string> = {}): TextResponse {
  return { status, headers: Object.assign({ 'content-type': 'application/json; charset=utf-8' }, headers), body: JSON.stringify(body) };
}

/**
 * `{"message", "code"}` (plus `field` for invalid input, the order's state for an invalid
 * transition), with the table's status and headers.
 */
export function errorJson({ status, message, code, field, details, headers }: ErrorAnswer): TextResponse {
  const body = Object.assign(field === undefined ? { message, code } : { message, code, field }, details);
  const response: TextResponse = json(status, body, headers);
  response.code = code;
  return response;
}

/** Any failure as REST answers it, logged as answerFor logs it; the unexpected are masked. */
export const answerError = (error: unknown, log: ErrorLog): TextResponse => errorJson(answerFor(error, log));

/** A refusal of the edge's own, e.g. `refuse('METHOD_NOT_ALLOWED', { allow: 'GET' })`. */
export const refuse = (code: EdgeErrorCode, headers?: Record<string, string>): TextResponse =>
  errorJson(answerFor(new RequestError(code, headers), SILENT));
