import { ADMIN_SCOPE as ADMIN, requireScope } from '../../platform/tokens/forbidden.js';
import type { PlatformChange } from '../domain/order-life.js';
import { toOrderView } from '../../orders/order-view.js';
import { builder } from '../../graphql/builder.js';
import { CHANGE_ERRORS } from './lifecycle-errors.js';
import { OrderRef } from '../../orders/graphql/order.js';

// The platform steers any order: the scope orders:admin, its `sub` kept as the change's actor.
// Its cancel is cancelOrder's, with that scope.

const AssignOrderInput = builder.inputType('AssignOrderInput', {
  fields: (t) => ({
    orderId: t.id({ required: true }),
    operatorId: t.id({ required: true }),
    reason: t.string({ description: 'Up to 500 characters, kept in the order history' }),
  }),
});

builder.mutationField('assignOrder', (t) =>
  t.field({
    type: OrderRef,
    description:
      'Gives an order awaiting an operator to the one named, whatever was offered: it must be free, on duty ' +
      'and offer the service. Needs the scope orders:admin',
    args: { input: t.arg({ type: AssignOrderInput, required: true }) },
    errors: {
      types: CHANGE_ERRORS.assign,
      union: { name: 'AssignOrderResult' },
      result: { name: 'AssignOrderSuccess' },
      dataField: { name: 'order' },
    },
    resolve: async (_root, { input }, { caller, life }) => {
      requireScope(caller, ADMIN);
      return toOrderView(await life.assign(caller.subject, input.orderId, String(input.operatorId), input.reason));
    },
  }),
);

const CHANGES: [name: string, change: Exclude<PlatformChange, 'cancel'>, description: string][] = [
  ['pauseOrder', 'pause', 'Holds an order awaiting or with an operator: offers stop, the operator stays on it'],
  ['resumeOrder', 'resume', 'Takes a paused order back exactly where it was; one awaiting an operator is offered again'],
  ['closeOrder', 'close', 'Closes a finished order now, rather than when it closes itself'],
];

for (const [name, change, description] of CHANGES) {
  const Name = `${name[0]!.toUpperCase()}${name.slice(1)}`;
  const Input = builder.inputType(`${Name}Input`, {
    fields: (t) => ({
      orderId: t.id({ required: true }),
      reason: t.string({ description: 'Up to 500 characters, kept in the order history' }),
    }),
  });
  builder.mutationField(name, (t) =>
    t.field({
      type: OrderRef,
      description: `${description}. Needs the scope orders:admin`,
      args: { input: t.arg({ type: Input, required: true }) },
      errors: {
        types: CHANGE_ERRORS.move,
        union: { name: `${Name}Result` },
        result: { name: `${Name}Success` },
        dataField: { name: 'order' },
      },
      resolve: async (_root, { input }, { caller, life }) => {
        requireScope(caller, ADMIN);
        return toOrderView(await life.byPlatform(caller.subject, input.orderId, change, input.reason));
      },
    }),
  );
}
