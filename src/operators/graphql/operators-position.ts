import { InvalidInputError, OperatorNotFoundError } from '../../platform/errors.js';
import { builder } from '../../graphql/builder.js';
import { OperatorRef } from './operators.js';
import { ForbiddenError, requireScope } from '../../platform/tokens/forbidden.js';
import type { AuthenticatedCaller } from '../../platform/tokens/verify-token.js';

const WRITE = 'operators:write';

/** The roster's writers move any operator; an operator's own app, itself only. */
function requireMover(caller: AuthenticatedCaller, id: string): void {
  if (caller.scopes.has(WRITE) || (caller.operatorId !== null && caller.operatorId === id)) return;
  throw new ForbiddenError(WRITE);
}

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
    description: "Records the operator's position. Needs the scope operators:write, or the operator's own token",
    args: { input: t.arg({ type: MoveOperatorInput, required: true }) },
    errors: {
      types: [InvalidInputError, OperatorNotFoundError],
      union: { name: 'MoveOperatorResult' },
      result: { name: 'MoveOperatorSuccess' },
      dataField: { name: 'operator' },
    },
    resolve: (_root, { input }, { caller, operators }) => {
      requireMover(caller, String(input.id));
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
      requireScope(caller, WRITE);
      return operators.setDuty(input);
    },
  }),
);
