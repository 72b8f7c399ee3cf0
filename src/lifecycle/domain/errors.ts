import { ServiceError } from '../../platform/errors.js';
import type { OrderState } from './steps.js';

// Refusals of a change of an order. REST and GraphQL give each its code (src/http/error-table.ts).
export type { LifecycleErrorCode } from '../../platform/errors.js';

/** The change is not allowed from where the order is; the answer says where that is. */
export class InvalidTransitionError extends ServiceError {
  readonly code = 'INVALID_TRANSITION';
  readonly status: OrderState['status'];
  readonly pendingStatus: OrderState['pendingStatus'];

  constructor(readonly transition: string, current: OrderState) {
    super(`${transition} not allowed from ${current.pendingStatus ?? current.status}`);
    this.status = current.status;
    this.pendingStatus = current.pendingStatus;
  }
}

/** The offer is no longer this operator's to take: expired, withdrawn, declined, or never made. */
export class OfferUnavailableError extends ServiceError {
  readonly code = 'OFFER_UNAVAILABLE';

  constructor(readonly orderId: number) {
    super(`no open offer of order ${orderId} for this operator`);
  }
}

/** The operator cannot take the order: busy with another, off duty, or not offering its service. */
export class OperatorUnavailableError extends ServiceError {
  readonly code = 'OPERATOR_UNAVAILABLE';

  constructor(readonly operatorId: string) {
    super(`operator ${operatorId} cannot take the order`);
  }
}
