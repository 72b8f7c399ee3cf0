import { ServiceError, type GatewayErrorCode } from '../../platform/errors.js';

// The failures of gateway mode, where a legacy order service makes the orders. Like the token and
// the store, they are about the request's way to the order, not the order: GraphQL gives them as
// top-level errors, and the CreateOrderResult union keeps the members its clients already handle.
export type { GatewayErrorCode } from '../../platform/errors.js';

const MAX_MESSAGE = 500;

/** A failed legacy call. `orderMayExist`: the legacy may have made the order all the same. */
abstract class UpstreamError extends ServiceError {
  abstract override readonly code: GatewayErrorCode;

  constructor(
    message: string,
    readonly orderMayExist: boolean,
  ) {
    super(message);
  }
}

/** The legacy refused the order with a 400 of its own (not "no operator"), and a message. */
export class UpstreamRejectedError extends UpstreamError {
  readonly code = 'UPSTREAM_REJECTED';
  /** The legacy's message, passed on to the caller; a sentence, so a very long one is cut. */
  readonly legacyMessage: string;

  constructor(legacyMessage: string) {
    super('the legacy service refused the order', false);
    this.legacyMessage = legacyMessage.length > MAX_MESSAGE ? `${legacyMessage.slice(0, MAX_MESSAGE)}…` : legacyMessage;
  }
}

/** Refused, reset, 5xx, the breaker open, or our own token refused: no usable answer. */
export class UpstreamUnavailableError extends UpstreamError {
  readonly code = 'UPSTREAM_UNAVAILABLE';
}

/** The legacy answered something that is not an order as its interface documents one (or not one we can type). */
export class UpstreamBadResponseError extends UpstreamError {
  readonly code = 'UPSTREAM_BAD_RESPONSE';
}

/** No answer within ORDERS_UPSTREAM_TIMEOUT_MS. */
export class UpstreamTimeoutError extends UpstreamError {
  readonly code = 'UPSTREAM_TIMEOUT';
}

/**
 * An Idempotency-Key whose legacy call may have made an order that we never heard of (it timed
 * out, was cut after sending, or its process died mid-call). Calling again could make a second
 * legacy order, so the key is refused for good.
 */
export class UpstreamOutcomeUnknownError extends ServiceError {
  readonly code = 'UPSTREAM_OUTCOME_UNKNOWN';

  constructor() {
    super('the legacy call of this Idempotency-Key has an unknown outcome');
  }
}

/**
 * The legacy refused the caller's own token, forwarded to it: the caller's to fix, answered with
 * the codes of our own refusals of a token. `missing` is false: a token was sent.
 */
export class UpstreamRefusedTokenError extends ServiceError {
  readonly missing = false;

  constructor(readonly code: 'UNAUTHENTICATED' | 'FORBIDDEN') {
    super(`the legacy service refused the caller's token (${code})`);
  }
}

/**
 * An operation a gateway does not do: the legacy service dispatches its orders to operators of
 * its own (`roster`), prices them (`quote`: the legacy's interface has no quote) and runs their life
 * after creation (`order_life`: offers, progress, cancels).
 */

export { UnavailableInGatewayModeError } from '../../platform/errors.js';
