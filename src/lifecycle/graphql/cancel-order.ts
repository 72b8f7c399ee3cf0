import { isPlatform } from '../../platform/tokens/forbidden.js';
import { toOrderView } from '../../orders/order-view.js';
import { builder } from '../../graphql/builder.js';
import { CHANGE_ERRORS } from './lifecycle-errors.js';
import { OrderRef } from '../../orders/graphql/order.js';

const CancelOrderInput = builder.inputType('CancelOrderInput', {
  fields: (t) => ({
    orderId: t.id({ required: true }),
    reason: t.string({ description: 'Up to 500 characters, kept in the order history' }),
  }),
});

builder.mutationField('cancelOrder', (t) =>
  t.field({
    type: OrderRef,
    description:
      "Cancels one of the caller's own orders, until its vehicle is on the way to the destination; a paid " +
      'order is refunded. With the scope orders:admin, the platform cancels any order not ended, paused ' +
      'included, refunded in full. Cancelling a cancelled order succeeds and changes nothing',
    args: { input: t.arg({ type: CancelOrderInput, required: true }) },
    errors: {
      types: CHANGE_ERRORS.move,
      union: { name: 'CancelOrderResult' },
      result: { name: 'CancelOrderSuccess' },
      dataField: { name: 'order' },
    },
    resolve: async (_root, { input }, { caller, life }) => toOrderView(await life.cancel(caller, input.orderId, input.reason, isPlatform(caller))),
  }),
);
