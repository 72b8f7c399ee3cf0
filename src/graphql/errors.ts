import {
  InvalidInputError,
  NoOperatorAvailableError,
  PaymentProviderError,
  type ServiceError,
  type DomainErrorCode,
} from '../core/errors.js';
import { ERROR_TABLE, messageOf } from '../error-table.js';
import { builder } from './builder.js';

export const ErrorInterface = builder.interfaceRef<ServiceError>('Error').implement({
  fields: (t) => ({
    // The error table's message, as REST gives it.
    message: t.string({ resolve: messageOf }),
    code: t.exposeString('code'),
  }),
});

// Each domain failure is a union member named by the error table.
const memberName = (code: DomainErrorCode) => ERROR_TABLE[code].graphqlType!;

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

export const CREATE_ORDER_ERRORS = [InvalidInputError, NoOperatorAvailableError, PaymentProviderError];
