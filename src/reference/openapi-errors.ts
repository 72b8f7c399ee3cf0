import { ERROR_TABLE } from '../http/error-table.js';
import { errorSchema, ref } from './openapi-schemas.js';

/** The failures of the REST routes, and when each happens. */
const ERRORS: Record<string, string> = {
  NO_OPERATOR_AVAILABLE:
    'No available operator offers the service within the dispatch radius; the message is exactly `No hay grueros disponibles`',
  INVALID_INPUT: 'A field is missing, of the wrong type or out of range; `field` names it',
  MALFORMED_JSON: 'The body is not a JSON object',
  UNAUTHENTICATED: 'No token, a bad signature, expired, wrong `iss`/`aud`',
  IDEMPOTENCY_KEY_IN_USE: 'A request with the same Idempotency-Key is still running: retry a moment later',
  IDEMPOTENCY_KEY_REUSED: 'The Idempotency-Key was used before with another body',
  PAYLOAD_TOO_LARGE: 'The body is over the size limit',
  UNSUPPORTED_MEDIA_TYPE: 'A content type other than JSON',
  RATE_LIMITED: "Over the rate limit of the token's `sub` (of the address without one)",
  INTERNAL: 'Anything unexpected; a generic message',
  PAYMENT_PROVIDER_UNAVAILABLE: 'The payment provider failed; no order was created',
  UPSTREAM_UNAVAILABLE: 'Gateway mode: the legacy service refused, reset, or answered 5xx',
  UPSTREAM_BAD_RESPONSE: 'Gateway mode: the legacy service answered something that is not an order',
  STORE_UNAVAILABLE: 'The store is unreachable; nothing was stored',
  ORDER_OUTCOME_UNKNOWN: 'The store failed when the order may have been stored: retry with the same Idempotency-Key',
  UPSTREAM_TIMEOUT: 'Gateway mode: no answer from the legacy service within the deadline',
  UPSTREAM_REJECTED: "Gateway mode: the legacy service refused the order with a 400 of its own; its message is passed on",
  UPSTREAM_OUTCOME_UNKNOWN:
    'Gateway mode: the first call with this Idempotency-Key may have made a legacy order that was never answered ' +
    '(it timed out, was cut, or its process died), and a second call could make a second one: check with the legacy ' +
    'service, or use a new key',
  FORBIDDEN: "Gateway mode: the legacy service refused the caller's token, forwarded to it, for this operation",
  ORDER_NOT_FOUND: "No order of the caller's has this id: none has it, it is another caller's, or it is not an order id at all",
  UNAVAILABLE_IN_GATEWAY_MODE:
    'Gateway mode: the legacy service makes the orders, prices them and runs their life after creation: it gives no ' +
    'quotes, and its orders are not cancelled here',
  INVALID_TRANSITION:
    'The order can no longer be changed so: its vehicle is on the way to the destination, or it has finished or ' +
    'closed; `status` and `pendingStatus` say where it is',
};

const CLIENT_REFUSALS = ['UNAUTHENTICATED', 'RATE_LIMITED', 'INTERNAL'];
const BODY_REFUSALS = ['MALFORMED_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'];

/** The codes each REST operation answers. */
export const OPERATION_ERRORS = {
  createOrder: Object.keys(ERRORS).filter((code) => !['ORDER_NOT_FOUND', 'UNAVAILABLE_IN_GATEWAY_MODE', 'INVALID_TRANSITION'].includes(code)),
  order: ['ORDER_NOT_FOUND', 'STORE_UNAVAILABLE', ...CLIENT_REFUSALS],
  // A quote is refused as the order would be, but makes no payment, stores nothing and calls no legacy service.
  quote: ['NO_OPERATOR_AVAILABLE', 'INVALID_INPUT', 'UNAVAILABLE_IN_GATEWAY_MODE', ...BODY_REFUSALS, ...CLIENT_REFUSALS],
  // The body is optional; sent, it must be JSON with a `reason` of up to 500 characters.
  cancelOrder: ['INVALID_INPUT', 'UNAVAILABLE_IN_GATEWAY_MODE', 'ORDER_NOT_FOUND', 'INVALID_TRANSITION', 'STORE_UNAVAILABLE', ...BODY_REFUSALS, ...CLIENT_REFUSALS],
};

// The name of each error status's body schema: a status, one object type, so that a tool making
// types of the document can tell them apart by status (Hive Gateway's OpenAPI source does). The
// operations share them: each lists in its own description which of the codes it answers.
const STATUS_SCHEMAS: Record<number, string> = {
  400: 'BadRequestError',
  401: 'UnauthenticatedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  409: 'ConflictError',
  413: 'PayloadTooLargeError',
  415: 'UnsupportedMediaTypeError',
  422: 'IdempotencyKeyReusedError',
  429: 'RateLimitedError',
  500: 'InternalError',
  502: 'BadGatewayError',
  503: 'ServiceUnavailableError',
  504: 'GatewayTimeoutError',
};
const schemaName = (status: number) => STATUS_SCHEMAS[status] ?? `Error${status}`;

// The statuses integrators of the REST route were promised for the codes src/http/error-table.ts does
// not hold yet; the table's own status wins as soon as it has the code.
const PROMISED_STATUS: Record<string, number> = {
  RATE_LIMITED: 429,
  UPSTREAM_UNAVAILABLE: 502,
  UPSTREAM_BAD_RESPONSE: 502,
  UPSTREAM_TIMEOUT: 504,
  ORDER_OUTCOME_UNKNOWN: 503,
};

const TABLE: Record<string, { status: number; message: unknown } | undefined> = ERROR_TABLE;

/** The HTTP status of an error code: the error table's, else the one promised. */
export const statusOf = (code: string): number => TABLE[code]?.status ?? PROMISED_STATUS[code]!;

// The headers each error status carries besides its body.
const STATUS_HEADERS: Record<number, Record<string, object>> = {
  401: { 'WWW-Authenticate': { $ref: '#/components/headers/WWWAuthenticate' } },
  429: {
    'Retry-After': { $ref: '#/components/headers/RetryAfter' },
    'RateLimit-Limit': { $ref: '#/components/headers/RateLimitLimit' },
    'RateLimit-Remaining': { $ref: '#/components/headers/RateLimitRemaining' },
    'RateLimit-Reset': { $ref: '#/components/headers/RateLimitReset' },
  },
  503: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
};

export const json = (schema: object) => ({ content: { 'application/json': { schema } } });

const whenEach = (codes: string[]) => codes.map((code) => `\`${code}\`: ${ERRORS[code]}`).join('. ');

/** The codes by status, statuses in order. */
function byStatus(codes: string[]): Map<number, string[]> {
  const grouped = new Map<number, string[]>();
  for (const code of codes) grouped.set(statusOf(code), [...(grouped.get(statusOf(code)) ?? []), code]);
  return new Map([...grouped].sort(([a], [b]) => a - b));
}

/** An operation's error responses: one a status, naming the codes it answers there. */
export function errorResponses(codes: string[]): Record<number, object> {
  return Object.fromEntries(
    [...byStatus(codes)].map(([status, those]) => {
      const headers = STATUS_HEADERS[status];
      return [status, Object.assign({ description: whenEach(those) }, headers ? { headers } : {}, json(ref(schemaName(status))))];
    }),
  );
}

/** `ErrorCode` and the body schema of each error status, over the codes of every operation. */
export function errorSchemas(): Record<string, object> {
  const schemas: Record<string, object> = {
    ErrorCode: { type: 'string', enum: Object.keys(ERRORS), description: 'The stable part of an error, that programs read' },
  };
  for (const [status, codes] of byStatus(Object.keys(ERRORS))) {
    // Messages that are the same for every answer of their code; the others name a field or an id.
    const messages = codes.flatMap((code) => {
      const message = TABLE[code]?.message;
      return typeof message === 'string' ? [message] : [];
    });
    schemas[schemaName(status)] = errorSchema(codes, whenEach(codes), messages);
  }
  return schemas;
}
