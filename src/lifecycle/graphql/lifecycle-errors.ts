import { InvalidInputError, OperatorNotFoundError, OrderNotFoundError } from '../../platform/errors.js';
import { UnavailableInGatewayModeError } from '../../platform/errors.js';
import {
  InvalidTransitionError,
  OfferUnavailableError,
  OperatorUnavailableError,
} from '../domain/errors.js';
import { ERROR_TABLE } from '../../http/error-table.js';
import { builder } from '../../graphql/builder.js';
import { OrderStatusEnum, PendingStatusEnum } from '../../orders/graphql/enums.js';
import { ErrorInterface } from '../../graphql/errors.js';

// The refusals of a change of an order after its creation, as members of each mutation's union.

builder.objectType(InvalidTransitionError, {
  name: ERROR_TABLE.INVALID_TRANSITION.graphqlType,
  description: 'The change is not allowed from where the order is; status and pendingStatus say where that is',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof InvalidTransitionError,
  fields: (t) => ({
    status: t.expose('status', { type: OrderStatusEnum }),
    pendingStatus: t.expose('pendingStatus', { type: PendingStatusEnum, nullable: true }),
  }),
});

builder.objectType(OfferUnavailableError, {
  name: ERROR_TABLE.OFFER_UNAVAILABLE.graphqlType,
  description: "The offer is no longer this operator's: expired, withdrawn, declined (to an accept), taken by another, or never made",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof OfferUnavailableError,
});

builder.objectType(OperatorUnavailableError, {
  name: ERROR_TABLE.OPERATOR_UNAVAILABLE.graphqlType,
  description: 'The operator cannot take the order: busy with another, off duty, or not offering its service',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof OperatorUnavailableError,
  fields: (t) => ({ operatorId: t.exposeID('operatorId') }),
});

// Every change can meet these: a malformed id or reason, an order the caller may not touch, a gateway.
const ANY_CHANGE = [InvalidInputError, OrderNotFoundError, UnavailableInGatewayModeError];

/** The union members of each kind of change. */
export const CHANGE_ERRORS = {
  /** An owner's or the platform's change, an operator's progress. */
  move: [...ANY_CHANGE, InvalidTransitionError],
  accept: [InvalidInputError, OfferUnavailableError, InvalidTransitionError, OperatorUnavailableError, UnavailableInGatewayModeError],
  decline: [InvalidInputError, OfferUnavailableError, UnavailableInGatewayModeError],
  assign: [...ANY_CHANGE, InvalidTransitionError, OperatorNotFoundError, OperatorUnavailableError],
};
