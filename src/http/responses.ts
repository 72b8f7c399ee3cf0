import { ERROR_TABLE, type ErrorCode } from '../error-table.js';

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** `{"message", "code"}` (plus `field` for invalid input) with the status the table gives the code. */
export function errorResponse(code: ErrorCode, message: string, extra: { field?: string } = {}): Response {
  const headers: Record<string, string> = {};
  if (code === 'UNAUTHENTICATED') headers['www-authenticate'] = 'Bearer';
  if (code === 'METHOD_NOT_ALLOWED') headers.allow = 'POST';
  return json(ERROR_TABLE[code].status, { message, code, ...extra }, headers);
}
