import { InvalidInputError } from '../../platform/errors.js';
import { builder } from '../../graphql/builder.js';
import { ServiceCodeEnum } from '../../orders/graphql/enums.js';
import { OperatorRef } from './operators.js';
import { requireScope } from '../../platform/tokens/forbidden.js';

const UpsertOperatorInput = builder.inputType('UpsertOperatorInput', {
  fields: (t) => ({
    id: t.id({ required: true, description: 'Your id for the operator: 1 to 64 letters, digits or . _ : -' }),
    name: t.string({ required: true }),
    phone: t.string({ required: true, description: 'E.164, e.g. +56912345678' }),
    services: t.field({ type: [ServiceCodeEnum], required: true, description: 'At least one' }),
    latitude: t.float({ required: true }),
    longitude: t.float({ required: true }),
    onDuty: t.boolean({ description: 'Left out: unchanged for a known operator; a new one starts on duty' }),
  }),
});

builder.mutationField('upsertOperator', (t) =>
  t.field({
    type: OperatorRef,
    description: 'Creates the operator, or replaces what is known of it when the id exists. Needs the scope operators:write',
    args: { input: t.arg({ type: UpsertOperatorInput, required: true }) },
    errors: {
      types: [InvalidInputError],
      union: { name: 'UpsertOperatorResult' },
      result: { name: 'UpsertOperatorSuccess' },
      dataField: { name: 'operator' },
    },
    resolve: (_root, { input }, { caller, operators }) => {
      requireScope(caller, 'operators:write');
      return operators.upsert(input);
    },
  }),
);
