// The failures the core can report. Messages are Spanish, like the legacy service; `code` is the
// stable part that programs read. Each code has exactly one class so that the GraphQL edge can
// register one union member per class.
export type DomainErrorCode = 'INVALID_INPUT' | 'NO_OPERATOR_AVAILABLE' | 'PAYMENT_PROVIDER_UNAVAILABLE';
// Failures of managing the roster. Apart from DomainErrorCode, which lists the outcomes of creating
// an order that REST and GraphQL must agree on; the roster is managed through GraphQL only.
export type RosterErrorCode = 'OPERATOR_NOT_FOUND';

// Refusals of a repeated Idempotency-Key. Transport-level, like the token: GraphQL says them as
// top-level errors with these codes, not as members of the createOrder union.
export type IdempotencyErrorCode = 'IDEMPOTENCY_KEY_REUSED' | 'IDEMPOTENCY_KEY_IN_USE';

export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode | RosterErrorCode | IdempotencyErrorCode;
}

export class InvalidInputError extends DomainError {
  readonly code = 'INVALID_INPUT';

  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`El campo ${field} ${reason}`);
  }

  /** The same failure under the name an edge uses for the field. */
  renamed(field: string): InvalidInputError {
    return new InvalidInputError(field, this.reason);
  }
}

export class NoOperatorAvailableError extends DomainError {
  readonly code = 'NO_OPERATOR_AVAILABLE';

  constructor() {
    // The exact sentence of the legacy interface; integrators match on it.
    super('No hay grueros disponibles');
  }
}

export class PaymentProviderError extends DomainError {
  readonly code = 'PAYMENT_PROVIDER_UNAVAILABLE';

  constructor(options?: { cause?: unknown }) {
    super('El proveedor de pagos no está disponible; no se creó la orden', options);
  }
}

export class OperatorNotFoundError extends DomainError {
  readonly code = 'OPERATOR_NOT_FOUND';

  constructor(readonly operatorId: string) {
    super(`No existe el operador ${operatorId}`);
  }
}

export class IdempotencyKeyReusedError extends DomainError {
  readonly code = 'IDEMPOTENCY_KEY_REUSED';

  constructor() {
    super('La clave Idempotency-Key ya se usó con otra solicitud');
  }
}

export class IdempotencyKeyInUseError extends DomainError {
  readonly code = 'IDEMPOTENCY_KEY_IN_USE';

  constructor() {
    super('Otra solicitud con la misma Idempotency-Key está en curso; reintente en un momento');
  }
}

/**
 * A port's store could not be reached, lost the connection, or did not answer in time: nothing
 * was stored, and the request may succeed once the store is back. The message is for the
 * operators (logs, the start-up error); clients get the error table's.
 */
export class StoreUnavailableError extends Error {
  override readonly name: string = 'StoreUnavailableError';
  readonly code: 'STORE_UNAVAILABLE' | 'ORDER_OUTCOME_UNKNOWN' = 'STORE_UNAVAILABLE';
}

/**
 * The store failed after an order's insert may have reached it, and whether it was stored could
 * not be found out in time. Its payment link is kept and its Idempotency-Key stays claimed: a
 * retry with the key finds the order if it was stored.
 */
export class OrderOutcomeUnknownError extends StoreUnavailableError {
  override readonly code = 'ORDER_OUTCOME_UNKNOWN';
}
