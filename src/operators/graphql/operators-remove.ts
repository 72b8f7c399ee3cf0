import { InvalidInputError, OperatorNotFoundError } from '../../platform/errors.js';
import { builder } from '../../graphql/builder.js';
import { requireScope } from '../../platform/tokens/forbidden.js';

builder.mutationField('removeOperator', (t) =>
  t.field({
    type: 'ID',
    description: 'Removes the operator from the roster; orders keep the id they quoted. Needs the scope operators:write',
    args: { id: t.arg.id({ required: true }) },
    errors: {
      types: [InvalidInputError, OperatorNotFoundError],
      union: { name: 'RemoveOperatorResult' },
      result: { name: 'RemoveOperatorSuccess' },
      dataField: { name: 'operatorId' },
    },
    resolve: (_root, { id }, { caller, operators }) => {
      requireScope(caller, 'operators:write');
      return operators.remove({ id: String(id) });
    },
  }),
);
