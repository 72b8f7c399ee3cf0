import { Kind, type SelectionSetNode, type ValidationRule } from 'graphql';
import { RequestError } from '../http/error-table.js';
import { refusal } from './table-error.js';

/**
 * At most one createOrder per operation. An Idempotency-Key covers one order, and aliases would
 * otherwise let one request make hundreds of orders, each with its payment link. Fields are
 * counted at the mutation's root, through fragments and inline fragments.
 */
export const oneOrderPerRequest: ValidationRule = (context) => {
  const fragments = new Map(context.getDocument().definitions.flatMap((d) =>
    d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d.selectionSet] as const] : []));

  const count = (set: SelectionSetNode, seen: Set<string>): number =>
    set.selections.reduce((n, selection) => {
      if (selection.kind === Kind.FIELD) return n + (selection.name.value === 'createOrder' ? 1 : 0);
      if (selection.kind === Kind.INLINE_FRAGMENT) return n + count(selection.selectionSet, seen);
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (!fragment || seen.has(name)) return n;
      return n + count(fragment, new Set(seen).add(name));
    }, 0);

  return {
    OperationDefinition(operation) {
      if (operation.operation !== 'mutation') return;
      const orders = count(operation.selectionSet, new Set());
      if (orders > 1) context.reportError(refusal(new RequestError('ONE_ORDER_PER_REQUEST')));
    },
  };
};
