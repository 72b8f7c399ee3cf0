import { OperatorNotFoundError } from '../../platform/errors.js';
import type { Operator } from '../domain/operator.js';
import { ERROR_TABLE } from '../../http/error-table.js';
import { builder } from '../../graphql/builder.js';
import { ServiceCodeEnum } from '../../orders/graphql/enums.js';
import { ErrorInterface } from '../../graphql/errors.js';
import { requireScope } from '../../platform/tokens/forbidden.js';

export const OperatorRef = builder.objectRef<Operator>('Operator').implement({
  description: 'A tow truck or mobile mechanic that orders are dispatched to',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    phone: t.exposeString('phone', { description: 'E.164' }),
    services: t.field({ type: [ServiceCodeEnum], resolve: (op) => op.services }),
    latitude: t.float({ resolve: (op) => op.position.latitude }),
    longitude: t.float({ resolve: (op) => op.position.longitude }),
    onDuty: t.exposeBoolean('onDuty', { description: 'Only operators on duty are offered to orders' }),
    updatedAt: t.string({ resolve: (op) => op.updatedAt.toISOString() }),
  }),
});

builder.objectType(OperatorNotFoundError, {
  name: ERROR_TABLE.OPERATOR_NOT_FOUND.graphqlType!,
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof OperatorNotFoundError,
  fields: (t) => ({ operatorId: t.exposeID('operatorId') }),
});

builder.queryField('operator', (t) =>
  t.field({
    type: OperatorRef,
    nullable: true,
    description: 'One operator, on duty or not. Needs the scope operators:read',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, { caller, operators }) => {
      requireScope(caller, 'operators:read');
      return operators.find(String(id));
    },
  }),
);
