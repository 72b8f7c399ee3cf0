import { ERROR_TABLE } from '../error-table.js';
import { CANCEL_ERRORS, cancelOrderPath, ORDER_LIFE_SCHEMAS } from './openapi-order-life.js';
import { bodySchemas, errorSchema, HEADERS, IdempotencyKey, ref } from './openapi-schemas.js';

export interface OpenApiOptions {
  /** The service's base URL as clients see it (PUBLIC_URL); the document's `servers`. */
  publicUrl?: string;
  /** The deployment's legacy key of the payment URL (PAYMENT_REFERENCE_LEGACY_FIELD), when set. */
  legacyPaymentField?: string | null;
}

/** The failures of `POST /applications/orders`, and when each happens. */
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
  STORE_UNAVAILABLE: 'The store is unreachable and nothing was stored',
  ORDER_OUTCOME_UNKNOWN: 'The store failed when the order may have been stored: retry with the same Idempotency-Key',
  UPSTREAM_TIMEOUT: 'Gateway mode: no answer from the legacy service within the deadline',
  UPSTREAM_REJECTED: "Gateway mode: the legacy service refused the order with a 400 of its own; its message is passed on",
  UPSTREAM_OUTCOME_UNKNOWN:
    'Gateway mode: the first call with this Idempotency-Key may have made a legacy order that was never answered ' +
    '(it timed out, was cut, or its process died), and a second call could make a second one: check with the legacy ' +
    'service, or use a new key',
  FORBIDDEN: "Gateway mode: the legacy service refused the caller's token, forwarded to it, for this operation",
};

// The name of each error status's body schema: a status, one object type, so that a tool making
// types of the document can tell them apart by status (Hive Gateway's OpenAPI source does).
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

// The statuses CONTRACT.md §3 gives the codes src/error-table.ts does not hold yet; the table's
// own status wins as soon as it has the code.
const CONTRACT_STATUS: Record<string, number> = {
  RATE_LIMITED: 429,
  UPSTREAM_UNAVAILABLE: 502,
  UPSTREAM_BAD_RESPONSE: 502,
  UPSTREAM_TIMEOUT: 504,
  ORDER_OUTCOME_UNKNOWN: 503,
};

const TABLE: Record<string, { status: number; message: unknown } | undefined> = ERROR_TABLE;

/** The HTTP status of an error code: the error table's, else the contract's. */
export const statusOf = (code: string): number => TABLE[code]?.status ?? CONTRACT_STATUS[code]!;

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

const json = (schema: object) => ({ content: { 'application/json': { schema } } });

const whenEach = (errors: Record<string, string>, codes: string[]) => codes.map((code) => `\`${code}\`: ${errors[code]}`).join('. ');

/**
 * The error responses of an operation whose failures are `errors`, by status, each with a body
 * schema of its own, named after the status (and `prefix`, for an operation's own), added to `schemas`.
 */
function errorResponses(errors: Record<string, string>, schemas: Record<string, object>, prefix = '') {
  const byStatus = new Map<number, string[]>();
  for (const code of Object.keys(errors)) byStatus.set(statusOf(code), [...(byStatus.get(statusOf(code)) ?? []), code]);
  const name = (status: number) => `${prefix}${schemaName(status)}`;
  for (const [status, codes] of byStatus) {
    // Messages that are the same for every answer of their code; the others name a field or an id.
    const messages = codes.flatMap((code) => {
      const message = TABLE[code]?.message;
      return typeof message === 'string' ? [message] : [];
    });
    schemas[name(status)] = errorSchema(codes, whenEach(errors, codes), messages);
  }
  const statuses = [...byStatus.keys()].sort((a, b) => a - b);
  return Object.fromEntries(statuses.map((status) => {
    const headers = STATUS_HEADERS[status];
    const description = whenEach(errors, byStatus.get(status)!);
    return [status, Object.assign({ description }, headers ? { headers } : {}, json(ref(name(status))))];
  }));
}

/** The OpenAPI 3.1 document of the REST routes, served at GET /openapi.json. */
export function createOpenApiDocument(options: OpenApiOptions = {}) {
  const legacy = options.legacyPaymentField ? [options.legacyPaymentField] : [];
  const schemas: Record<string, object> = Object.assign(bodySchemas(legacy), ORDER_LIFE_SCHEMAS);
  const codes = [...new Set([...Object.keys(ERRORS), ...Object.keys(CANCEL_ERRORS)])];
  schemas.ErrorCode = { type: 'string', enum: codes, description: 'The stable part of an error, that programs read' };
  const createErrors = errorResponses(ERRORS, schemas);
  const cancelErrors = errorResponses(CANCEL_ERRORS, schemas, 'CancelOrder');

  return {
    openapi: '3.1.0',
    info: {
      title: 'Órdenes de asistencia en ruta',
      version: '1.0.0',
      description:
        'Creates roadside-assistance orders (towing, battery jump-start, tyre change), wire-compatible with the ' +
        'legacy order service, and lets their owners cancel them. Errors are `{message, code}` (plus `field` for ' +
        "invalid input, the order's `status` and `pendingStatus` for an invalid transition); messages are Spanish, " +
        '`code` is the stable part that programs read.',
    },
    servers: [{ url: options.publicUrl ?? '/' }],
    tags: [{ name: 'orders' }],
    paths: {
      '/applications/orders': {
        post: {
          operationId: 'createOrder',
          tags: ['orders'],
          summary: 'Create an order',
          description: 'Estimates the service, creates its payment link on the payment provider, and stores the order.',
          security: [{ bearerAuth: [] }],
          parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }],
          requestBody: { required: true, ...json(ref('CreateOrderRequest')) },
          responses: { 200: { description: 'The order created', ...json(ref('Order')) }, ...createErrors },
        },
      },
      '/applications/orders/{id}/cancel': cancelOrderPath(cancelErrors),
    },
    components: {
      schemas,
      headers: HEADERS,
      parameters: { IdempotencyKey },
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof createOpenApiDocument>;
