import type { DomainErrorCode, IdempotencyErrorCode, RosterErrorCode } from './core/errors.js';

export type EdgeErrorCode =
  | 'MALFORMED_JSON'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'OPERATION_LIMIT_EXCEEDED'
  | 'ONE_ORDER_PER_REQUEST'
  | 'INTERNAL';

/** Failures of the infrastructure, whatever the request: the client may retry later. */
export type StoreErrorCode = 'STORE_UNAVAILABLE' | 'ORDER_OUTCOME_UNKNOWN';

export type ErrorCode = DomainErrorCode | RosterErrorCode | IdempotencyErrorCode | EdgeErrorCode | StoreErrorCode;

interface ErrorEntry {
  status: number;
  /** The union member a createOrder failure becomes in GraphQL; edge-only codes have none. */
  graphqlType?: string;
  message: string;
}

/** Every error the service answers, with its REST status and its GraphQL union member. */
export const ERROR_TABLE: Record<ErrorCode, ErrorEntry> = {
  INVALID_INPUT: { status: 400, graphqlType: 'InvalidInputError', message: 'Datos de entrada inválidos' },
  NO_OPERATOR_AVAILABLE: { status: 400, graphqlType: 'NoOperatorAvailableError', message: 'No hay grueros disponibles' },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 502,
    graphqlType: 'PaymentProviderError',
    message: 'El proveedor de pagos no está disponible; no se creó la orden',
  },
  OPERATOR_NOT_FOUND: { status: 404, graphqlType: 'OperatorNotFoundError', message: 'No existe el operador' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, message: 'La clave Idempotency-Key ya se usó con otra solicitud' },
  IDEMPOTENCY_KEY_IN_USE: { status: 409, message: 'Otra solicitud con la misma Idempotency-Key está en curso' },
  MALFORMED_JSON: { status: 400, message: 'El cuerpo de la solicitud debe ser un objeto JSON' },
  UNAUTHENTICATED: { status: 401, message: 'Token de acceso ausente o inválido' },
  FORBIDDEN: { status: 403, message: 'El token no tiene el permiso necesario' },
  NOT_FOUND: { status: 404, message: 'Recurso no encontrado' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Método no permitido' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'El cuerpo de la solicitud es demasiado grande' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'El cuerpo debe enviarse como application/json' },
  OPERATION_LIMIT_EXCEEDED: { status: 400, message: 'La operación GraphQL excede un límite de tamaño o complejidad' },
  ONE_ORDER_PER_REQUEST: { status: 400, message: 'Una solicitud puede crear a lo más una orden (createOrder)' },
  STORE_UNAVAILABLE: { status: 503, message: 'La base de datos no está disponible; intente de nuevo en unos momentos' },
  ORDER_OUTCOME_UNKNOWN: {
    status: 503,
    message: 'No se pudo confirmar si la orden quedó guardada; reintente con la misma Idempotency-Key',
  },
  INTERNAL: { status: 500, message: 'Error interno del servidor' },
};

/** A refusal decided at an edge, before the core is called. */
export class RequestError extends Error {
  constructor(
    readonly code: EdgeErrorCode,
    message: string = ERROR_TABLE[code].message,
  ) {
    super(message);
  }
}
