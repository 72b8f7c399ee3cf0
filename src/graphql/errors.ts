import {
  InvalidInputError,
  NoOperatorAvailableError,
  OrderNotFoundError,
  PaymentProviderError,
  type ServiceError,
  type DomainErrorCode,
} from '../platform/errors.js';
import { UnavailableInGatewayModeError } from '../platform/errors.js';
import { ERROR_TABLE, messageOf } from '../http/error-table.js';
import { builder } from './builder.js';

export const ErrorInterface = builder.interfaceRef<ServiceError>('Error').implement({
  fields: (t) => ({
    // The error table's message, as REST gives it.
    message: t.string({ resolve: messageOf }),
    code: t.exposeString('code'),
  }),
});

// Each failure that is a union member is named by the error table.
const memberName = (code: keyof typeof ERROR_TABLE) => (ERROR_TABLE[code] as { graphqlType?: string }).graphqlType!;

builder.objectType(NoOperatorAvailableError, {
  name: memberName('NO_OPERATOR_AVAILABLE'),
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof NoOperatorAvailableError,
});

builder.objectType(PaymentProviderError, {
  name: memberName('PAYMENT_PROVIDER_UNAVAILABLE'),
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof PaymentProviderError,
});

builder.objectType(InvalidInputError, {
  name: memberName('INVALID_INPUT'),
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof InvalidInputError,
  fields: (t) => ({ field: t.exposeString('field') }),
});

builder.objectType(OrderNotFoundError, {
  name: memberName('ORDER_NOT_FOUND'),
  description: 'No order of the caller has that id: none has it, or it is another caller\'s',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof OrderNotFoundError,
  fields: (t) => ({ orderId: t.exposeID('orderId') }),
});

builder.objectType(UnavailableInGatewayModeError, {
  name: memberName('UNAVAILABLE_IN_GATEWAY_MODE'),
  description: 'The service runs as a gateway in front of the legacy order service, which does this itself (the roster, quotes, the orders after their creation)',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof UnavailableInGatewayModeError,
});

export const CREATE_ORDER_ERRORS = [InvalidInputError, NoOperatorAvailableError, PaymentProviderError];
