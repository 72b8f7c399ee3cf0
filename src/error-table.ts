import type { DomainErrorCode } from './core/errors.js';

export type EdgeErrorCode =
  | 'MALFORMED_JSON'
  | 'UNAUTHENTICATED'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'INTERNAL';

export type ErrorCode = DomainErrorCode | EdgeErrorCode;

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
  MALFORMED_JSON: { status: 400, message: 'El cuerpo de la solicitud debe ser un objeto JSON' },
  UNAUTHENTICATED: { status: 401, message: 'Token de acceso ausente o inválido' },
  NOT_FOUND: { status: 404, message: 'Recurso no encontrado' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Método no permitido' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'El cuerpo de la solicitud es demasiado grande' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'El cuerpo debe enviarse como application/json' },
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
