import { InvalidInputError, OperatorNotFoundError } from '../core/errors.js';
import { builder } from './builder.js';
import { OperatorRef } from './operators.js';
import { requireScope } from '../auth/forbidden.js';

// What the operators' apps send all day: where they are, and whether they take work.

const MoveOperatorInput = builder.inputType('MoveOperatorInput', {
  fields: (t) => ({
    id: t.id({ required: true }),
    latitude: t.float({ required: true }),
    longitude: t.float({ required: true }),
  }),
});

const SetOperatorDutyInput = builder.inputType('SetOperatorDutyInput', {
  fields: (t) => ({
    id: t.id({ required: true }),
    onDuty: t.boolean({ required: true }),
  }),
});

builder.mutationField('moveOperator', (t) =>
  t.field({
    type: OperatorRef,
    description: "Records the operator's position. Needs the scope operators:write",
    args: { input: t.arg({ type: MoveOperatorInput, required: true }) },
    errors: {
      types: [InvalidInputError, OperatorNotFoundError],
      union: { name: 'MoveOperatorResult' },
      result: { name: 'MoveOperatorSuccess' },
      dataField: { name: 'operator' },
    },
    resolve: (_root, { input }, { caller, operators }) => {
      requireScope(caller, 'operators:write');
      return operators.move(input);
    },
  }),
);

builder.mutationField('setOperatorDuty', (t) =>
  t.field({
    type: OperatorRef,
    description: 'Puts the operator on duty (offered to orders) or off duty. Needs the scope operators:write',
    args: { input: t.arg({ type: SetOperatorDutyInput, required: true }) },
    errors: {
      types: [InvalidInputError, OperatorNotFoundError],
      union: { name: 'SetOperatorDutyResult' },
      result: { name: 'SetOperatorDutySuccess' },
      dataField: { name: 'operator' },
    },
    resolve: (_root, { input }, { caller, operators }) => {
      requireScope(caller, 'operators:write');
      return operators.setDuty(input);
    },
  }),
);
