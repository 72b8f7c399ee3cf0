// The failures the core and its ports report. Each has a stable `code` that programs read and
// the data its answer needs; what a client is told for each code, in Spanish like the legacy
// service, is written once, in the error table (src/http/error-table.ts). An error's own `message`
// is for the logs.

/** A failure the service answers with a code of its own: the core's, its ports', its edges'. */
export abstract class ServiceError extends Error {
  abstract readonly code: string;
}

// The outcomes of creating an order that REST and GraphQL must agree on.
export type DomainErrorCode = 'INVALID_INPUT' | 'NO_OPERATOR_AVAILABLE' | 'PAYMENT_PROVIDER_UNAVAILABLE';
// Failures of managing the roster, managed through GraphQL only.
export type RosterErrorCode = 'OPERATOR_NOT_FOUND';
// An owner's webhook endpoints and deliveries: another owner's are ones that do not exist.
export type WebhookErrorCode = 'WEBHOOK_ENDPOINT_NOT_FOUND' | 'WEBHOOK_DELIVERY_NOT_FOUND';
// An order that is not there for the caller: it does not exist, or it is another's.
export type OrderErrorCode = 'ORDER_NOT_FOUND';
// Refusals of a repeated Idempotency-Key. Transport-level, like the token: GraphQL says them as
// top-level errors with these codes, not as members of the createOrder union.
export type IdempotencyErrorCode = 'IDEMPOTENCY_KEY_REUSED' | 'IDEMPOTENCY_KEY_IN_USE';
// A port's store failed: nothing was stored, or whether the order was could not be found out.
export type StoreErrorCode = 'STORE_UNAVAILABLE' | 'ORDER_OUTCOME_UNKNOWN';

export abstract class DomainError extends ServiceError {
  abstract override readonly code: DomainErrorCode | RosterErrorCode | WebhookErrorCode | OrderErrorCode | IdempotencyErrorCode;
}

export class InvalidInputError extends DomainError {
  readonly code = 'INVALID_INPUT';

  constructor(
    readonly field: string,
    /** What the field must be, in the words of the client's message. */
    readonly reason: string,
  ) {
    super(`invalid ${field}`);
  }

  /** The same failure under the name an edge uses for the field. */
  renamed(field: string): InvalidInputError {
    return new InvalidInputError(field, this.reason);
  }
}

export class NoOperatorAvailableError extends DomainError {
  readonly code = 'NO_OPERATOR_AVAILABLE';

  constructor() {
    super('no operator available');
  }
}

export class PaymentProviderError extends DomainError {
  readonly code = 'PAYMENT_PROVIDER_UNAVAILABLE';

  constructor(options?: { cause?: unknown }) {
    super('the payment provider failed', options);
  }
}

export class OperatorNotFoundError extends DomainError {
  readonly code = 'OPERATOR_NOT_FOUND';

  constructor(readonly operatorId: string) {
    super(`no operator ${operatorId}`);
  }
}

export class WebhookEndpointNotFoundError extends DomainError {
  readonly code = 'WEBHOOK_ENDPOINT_NOT_FOUND';

  constructor(readonly endpointId: string) {
    super(`no webhook endpoint ${endpointId} of this owner`);
  }
}

export class WebhookDeliveryNotFoundError extends DomainError {
  readonly code = 'WEBHOOK_DELIVERY_NOT_FOUND';

  constructor(readonly deliveryId: string) {
    super(`no webhook delivery ${deliveryId} of this owner`);
  }
}

/**
 * No order of the caller's has this id: none has it, or another caller's has it, and the answer
 * does not say which. `orderId` is what the caller sent, not necessarily a number.
 */
export class OrderNotFoundError extends DomainError {
  readonly code = 'ORDER_NOT_FOUND';

  constructor(readonly orderId: string) {
    super(`no order ${orderId} of the caller's`);
  }
}

export class IdempotencyKeyReusedError extends DomainError {
  readonly code = 'IDEMPOTENCY_KEY_REUSED';

  constructor() {
    super('Idempotency-Key used before with another request');
  }
}

export class IdempotencyKeyInUseError extends DomainError {
  readonly code = 'IDEMPOTENCY_KEY_IN_USE';

  constructor() {
    super('Idempotency-Key held by a request still running');
  }
}

/**
 * A port's store could not be reached, lost the connection, or did not answer in time: nothing
 * was stored, and the request may succeed once the store is back. The message names the server,
 * for the operators (logs, the start-up error).
 */
export class StoreUnavailableError extends ServiceError {
  override readonly name: string = 'StoreUnavailableError';
  readonly code: StoreErrorCode = 'STORE_UNAVAILABLE';
}

/**
 * The store failed after an order's insert may have reached it, and whether it was stored could
 * not be found out in time. Its payment link is kept and its Idempotency-Key stays claimed: a
 * retry with the key finds the order if it was stored.
 */
export class OrderOutcomeUnknownError extends StoreUnavailableError {
  override readonly code = 'ORDER_OUTCOME_UNKNOWN';
}

// Refusals of a change of an order (src/lifecycle/domain/errors.ts).
export type LifecycleErrorCode = 'INVALID_TRANSITION' | 'OFFER_UNAVAILABLE' | 'OPERATOR_UNAVAILABLE';

// The failures of gateway mode, where a legacy order service makes the orders (src/gateway/domain/errors.ts).
export type GatewayErrorCode =
  | 'UPSTREAM_REJECTED'
  | 'UPSTREAM_UNAVAILABLE'
  | 'UPSTREAM_BAD_RESPONSE'
  | 'UPSTREAM_TIMEOUT'
  | 'UPSTREAM_OUTCOME_UNKNOWN'
  | 'UNAVAILABLE_IN_GATEWAY_MODE';

/** What a gateway leaves to the legacy service: its roster, quotes, the order's life. */
export class UnavailableInGatewayModeError extends ServiceError {
  readonly code = 'UNAVAILABLE_IN_GATEWAY_MODE';

  constructor(readonly what: 'roster' | 'order_life' | 'quote' = 'roster') {
    super(`no ${what.replace('_', ' ')} in gateway mode`);
  }
}
