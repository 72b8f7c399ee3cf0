// The failures the core can report. Messages are Spanish, like the legacy service; `code` is the
// stable part that programs read. Each code has exactly one class so that the GraphQL edge can
// register one union member per class.
export type DomainErrorCode = 'INVALID_INPUT' | 'NO_OPERATOR_AVAILABLE' | 'PAYMENT_PROVIDER_UNAVAILABLE';

export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;
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
