import type { Logger } from 'pino';
import {
  ServiceError,
  StoreUnavailableError,
  type DomainErrorCode,
  type GatewayErrorCode,
  type LifecycleErrorCode,
  type UnavailableInGatewayModeError,
  type IdempotencyErrorCode,
  type InvalidInputError,
  type OperatorNotFoundError,
  type OrderErrorCode,
  type RosterErrorCode,
  type StoreErrorCode,
  type WebhookDeliveryNotFoundError,
  type WebhookEndpointNotFoundError,
  type WebhookErrorCode,
} from '../platform/errors.js';

/** Refusals decided at an edge, before the core is called. */
export type EdgeErrorCode =
  | 'MALFORMED_JSON'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'OPERATION_LIMIT_EXCEEDED'
  | 'PERSISTED_QUERY_ONLY'
  | 'PERSISTED_QUERY_NOT_IN_LIST'
  | 'ONE_ORDER_PER_REQUEST'
  | 'RATE_LIMITED'
  | 'INVALID_SIGNATURE'
  | 'SHUTTING_DOWN'
  | 'INTERNAL';

export type ErrorCode =
  | DomainErrorCode
  | RosterErrorCode
  | OrderErrorCode
  | LifecycleErrorCode
  | WebhookErrorCode
  | IdempotencyErrorCode
  | StoreErrorCode
  | GatewayErrorCode
  | EdgeErrorCode;

interface ErrorEntry {
  status: number;
  /** The union member a failure of a mutation becomes in GraphQL; the others are top-level errors. */
  graphqlType?: string;
  /** What the client is told: the one place each text is written. */
  message: string | ((error: never) => string);
  /** Headers every answer with this code carries. */
  headers?: Readonly<Record<string, string>>;
  /** What a REST body carries besides message and code (GraphQL's member has them as fields). */
  details?: (error: never) => Record<string, unknown>;
}

// What a gateway leaves to the legacy service, in the words of UNAVAILABLE_IN_GATEWAY_MODE's message.
const GATEWAY_REFUSALS: Record<UnavailableInGatewayModeError['what'], string> = {
  roster: 'no administra operadores',
  quote: 'no hace cotizaciones',
  order_life: 'el curso de las órdenes lo lleva ese servicio',
};

/** Every error the service answers: its REST status, its GraphQL shape, its message. */
export const ERROR_TABLE = {
  INVALID_INPUT: {
    status: 400,
    graphqlType: 'InvalidInputError',
    message: (e: InvalidInputError) => `El campo ${e.field} ${e.reason}`,
  },
  // The exact sentence of the legacy interface; integrators match on it.
  NO_OPERATOR_AVAILABLE: { status: 400, graphqlType: 'NoOperatorAvailableError', message: 'No hay grueros disponibles' },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 502,
    graphqlType: 'PaymentProviderError',
    message: 'El proveedor de pagos no está disponible; no se creó la orden',
  },
  OPERATOR_NOT_FOUND: {
    status: 404,
    graphqlType: 'OperatorNotFoundError',
    message: (e: OperatorNotFoundError) => `No existe el operador ${e.operatorId}`,
  },
  WEBHOOK_ENDPOINT_NOT_FOUND: {
    status: 404,
    graphqlType: 'WebhookEndpointNotFoundError',
    message: (e: WebhookEndpointNotFoundError) => `No existe el endpoint de webhooks ${e.endpointId}`,
  },
  WEBHOOK_DELIVERY_NOT_FOUND: {
    status: 404,
    graphqlType: 'WebhookDeliveryNotFoundError',
    message: (e: WebhookDeliveryNotFoundError) => `No existe el envío de webhook ${e.deliveryId}`,
  },
  // 409: the request is right, the order's state stands in its way; the answer says what that state is.
  INVALID_TRANSITION: {
    status: 409,
    graphqlType: 'InvalidTransitionError',
    message: (e: { status: string; pendingStatus: string | null }) =>
      `La orden está en ${e.pendingStatus ?? e.status}: ese cambio no está permitido desde ahí`,
    details: (e: { status: string; pendingStatus: string | null }) => ({ status: e.status, pendingStatus: e.pendingStatus }),
  },
  OFFER_UNAVAILABLE: {
    status: 409,
    graphqlType: 'OfferUnavailableError',
    message: 'La oferta de esta orden ya no está disponible para este operador',
  },
  OPERATOR_UNAVAILABLE: {
    status: 409,
    graphqlType: 'OperatorUnavailableError',
    message: (e: { operatorId: string }) =>
      `El operador ${e.operatorId} no puede tomar la orden: está ocupado, fuera de turno o no ofrece el servicio`,
  },
  // The same answer whether the order does not exist or is another caller's: an id says nothing
  // of others' orders.
  ORDER_NOT_FOUND: { status: 404, graphqlType: 'OrderNotFoundError', message: 'No existe una orden suya con ese número' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, message: 'La clave Idempotency-Key ya se usó con otra solicitud' },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    message: 'Otra solicitud con la misma Idempotency-Key está en curso; reintente en un momento',
  },
  MALFORMED_JSON: { status: 400, message: 'El cuerpo de la solicitud debe ser un objeto JSON válido' },
  UNAUTHENTICATED: {
    status: 401,
    message: (e: { missing?: boolean }) =>
      e.missing ? 'Falta el token de acceso (Authorization: Bearer <token>)' : 'Token de acceso inválido o expirado',
    headers: { 'www-authenticate': 'Bearer' },
  },
  // Without a scope: gateway mode, the legacy service refused the caller's token, forwarded to it.
  FORBIDDEN: {
    status: 403,
    message: (e: { scope?: string }) =>
      e.scope ? `El token no tiene el permiso necesario: ${e.scope}` : 'El servicio de órdenes rechazó el token para esta operación',
  },
  NOT_FOUND: { status: 404, message: 'Recurso no encontrado' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Método no permitido' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'El cuerpo de la solicitud es demasiado grande' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'El cuerpo debe enviarse como application/json' },
  OPERATION_LIMIT_EXCEEDED: {
    status: 400,
    message: (e: { limit: string }) => `La operación GraphQL excede un límite: ${e.limit}`,
  },
  // Trusted documents (GRAPHQL_TRUSTED_DOCUMENTS): the deployment runs only the documents of its
  // manifest, named by id. The codes are the ones GraphQL clients and gateways already know.
  PERSISTED_QUERY_ONLY: {
    status: 400,
    message: 'Este servicio solo ejecuta documentos GraphQL de su lista, por su id (documentId o persistedQuery), no su texto',
  },
  PERSISTED_QUERY_NOT_IN_LIST: { status: 400, message: 'El id del documento GraphQL no está en la lista de documentos de este servicio' },
  ONE_ORDER_PER_REQUEST: { status: 400, message: 'Una solicitud puede crear a lo más una orden (createOrder)' },
  // Retry-After and the RateLimit-* headers are the limiter's, on the error itself.
  RATE_LIMITED: { status: 429, message: 'Demasiadas solicitudes; espere lo que indica Retry-After' },
  // A payment notification whose signature is not the provider's: nothing is kept. Not
  // UNAUTHENTICATED: the caller is a provider signing with a shared secret, not a Bearer token.
  INVALID_SIGNATURE: { status: 401, message: 'La firma de la notificación de pago no es válida' },
  // A WebSocket upgrade that comes once the service has begun to stop: its stream would be cut.
  // HTTP requests are still answered while it drains; only a stream is refused.
  SHUTTING_DOWN: {
    status: 503,
    message: 'El servicio se está deteniendo; conéctese de nuevo',
    headers: { 'retry-after': '1' },
  },
  // An outage of the store is short-lived or long; either way a client should not hammer it.
  STORE_UNAVAILABLE: {
    status: 503,
    message: 'La base de datos no está disponible; no se guardó nada. Intente de nuevo en unos momentos',
    headers: { 'retry-after': '1' },
  },
  // Long enough for the store to answer again and a retry to find the order, if it was stored.
  ORDER_OUTCOME_UNKNOWN: {
    status: 503,
    message: 'No se pudo confirmar si la orden quedó guardada; reintente con la misma Idempotency-Key',
    headers: { 'retry-after': '5' },
  },
  // Gateway mode. `orderMayExist`: the legacy may have made the order although we got no answer
  // of it; a client must then not simply try again (see UPSTREAM_OUTCOME_UNKNOWN).
  UPSTREAM_REJECTED: { status: 400, message: (e: { legacyMessage: string }) => e.legacyMessage },
  UPSTREAM_UNAVAILABLE: {
    status: 502,
    message: (e: { orderMayExist?: boolean }) =>
      e.orderMayExist
        ? 'El servicio de órdenes falló durante la solicitud; no se sabe si creó la orden'
        : 'El servicio de órdenes no está disponible; no se creó la orden. Intente de nuevo en unos momentos',
  },
  UPSTREAM_BAD_RESPONSE: {
    status: 502,
    message: (e: { orderMayExist?: boolean }) =>
      e.orderMayExist
        ? 'El servicio de órdenes respondió algo que no es una orden válida; no se sabe si creó la orden'
        : 'El servicio de órdenes respondió algo que no es una orden válida; no se creó la orden',
  },
  UPSTREAM_TIMEOUT: {
    status: 504,
    message: (e: { orderMayExist?: boolean }) =>
      e.orderMayExist
        ? 'El servicio de órdenes no respondió a tiempo; no se sabe si creó la orden'
        : 'El servicio de órdenes no respondió a tiempo; no se creó la orden',
  },
  // 409, as for a key still in use: the key's state, not the request, is what stands in the way.
  UPSTREAM_OUTCOME_UNKNOWN: {
    status: 409,
    message:
      'No se sabe si la solicitud anterior con esta Idempotency-Key creó una orden en el servicio de órdenes, y otra ' +
      'llamada podría crear una segunda: verifíquelo con el servicio de órdenes, o use una clave nueva',
  },
  // 400: the request asks what this deployment does not do, however often it is asked. Not 404,
  // which for an order would say that the order does not exist, when the legacy service may well
  // hold it; 403 would blame the token; 501 is a 5xx, which this service keeps for
  // failures outside the request.
  UNAVAILABLE_IN_GATEWAY_MODE: {
    status: 400,
    graphqlType: 'UnavailableInGatewayModeError',
    message: (e: UnavailableInGatewayModeError) =>
      `Este servicio funciona como pasarela del servicio de órdenes: ${GATEWAY_REFUSALS[e.what]}`,
  },
  INTERNAL: { status: 500, message: 'Error interno del servidor' },
} as const satisfies Record<ErrorCode, ErrorEntry>;

/** A refusal decided at an edge, before the core is called. */
export class RequestError extends ServiceError {
  constructor(
    readonly code: EdgeErrorCode,
    /** Headers of this answer besides the table's (Allow, for a method not allowed). */
    readonly headers: Record<string, string> = {},
  ) {
    super(code);
  }
}

/** How an error is answered, on either face. */
export interface ErrorAnswer {
  code: ErrorCode;
  status: number;
  message: string;
  /** The input field an INVALID_INPUT names. */
  field?: string;
  /** What a REST body carries besides message, code and field (INVALID_TRANSITION's state). */
  details?: Record<string, unknown>;
  headers: Record<string, string>;
}

const fieldOf = (error: object): string | undefined =>
  'field' in error && typeof error.field === 'string' ? error.field : undefined;

const isTableCode = (code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(ERROR_TABLE, code);

/** The levels an answer is logged at. */
export type ErrorLog = Pick<Logger, 'debug' | 'warn' | 'error'>;

/**
 * For an answer made where nothing is to be logged: a message looked up, an edge's refusal of a
 * path or a method (`refuse`), a refusal that the GraphQL plugin raising it logs itself.
 */
export const SILENT: ErrorLog = { debug: () => {}, warn: () => {}, error: () => {} };

/**
 * A client's own failure (a bad token, a refused input, a limit, too many requests): once, at
 * debug, by code and status, never with a stack, on either face. Not the service's fault, and
 * anyone can send them by the thousand: at the default level (info) they cost no write and cannot
 * fill the log. The metrics count every answer by code, which is where a wave of them shows; the
 * log line is for following one client's failures, with LOG_LEVEL=debug. No message either: some
 * carry what the client sent. (A GraphQL result-union member, e.g. InvalidInputError, is data of
 * an answered operation, not a refusal: not logged.)
 */
export function logRefusal(log: Pick<Logger, 'debug'>, { code, status, field }: Pick<ErrorAnswer, 'status' | 'field'> & { code: string }): void {
  log.debug(field === undefined ? { code, status } : { code, status, field }, 'request refused');
}

/**
 * The answer to any failure, logged: the unexpected (what the service itself got wrong) at error
 * with its stack, and masked as INTERNAL; a store that failed at warn; a client's failure at debug
 * (see logRefusal). The other outside services' failures are reported where they are met (the
 * gateway logs the legacy's, the metrics count the payment provider's).
 */
export function answerFor(error: unknown, log: ErrorLog): ErrorAnswer {
  const known = error instanceof ServiceError && isTableCode(error.code);
  const code: ErrorCode = known ? (error.code as ErrorCode) : 'INTERNAL';
  const entry: ErrorEntry = ERROR_TABLE[code];
  const field = known ? fieldOf(error) : undefined;
  if (!known) log.error({ err: error }, 'unexpected error');
  // The store's own message names the server: for the log, never the client.
  else if (error instanceof StoreUnavailableError) log.warn({ err: error }, 'store unavailable');
  else if (entry.status < 500) logRefusal(log, { code, status: entry.status, field });
  const own = (error as { headers?: Record<string, string> } | null)?.headers;
  const details = known && entry.details ? (entry.details as (e: unknown) => Record<string, unknown>)(error) : undefined;
  return {
    code,
    status: entry.status,
    message: typeof entry.message === 'function' ? (entry.message as (e: unknown) => string)(error) : entry.message,
    field,
    ...(details ? { details } : {}),
    headers: Object.assign({}, entry.headers, known ? own : undefined),
  };
}

/** The client's message for a known error. */
export const messageOf = (error: ServiceError): string => answerFor(error, SILENT).message;
