import { requireOperator } from '../auth/forbidden.js';
import type { OrderStep } from '../core/lifecycle/operations.js';
import { toOrderView } from '../order-view.js';
import { builder } from './builder.js';
import { CHANGE_ERRORS } from './lifecycle-errors.js';
import { OrderRef } from './order.js';

const OrderStepEnum = builder.enumType('OrderStep', {
  description: 'A step the operator on an order reports',
  values: {
    PARTNER_GOING_TO_ORIGIN: { value: 'partner_going_to_origin', description: 'On the way to the vehicle' },
    PARTNER_IN_ORIGIN: { value: 'partner_in_origin', description: 'With the vehicle' },
    PARTNER_GOING_TO_DESTINATION: { value: 'partner_going_to_destination', description: 'Towing it to the destination (towing only)' },
    FINISHED: { value: 'finished', description: 'The job is done' },
  } as const satisfies Record<string, { value: OrderStep; description: string }>,
});

const AdvanceOrderInput = builder.inputType('AdvanceOrderInput', {
  fields: (t) => ({
    orderId: t.id({ required: true }),
    to: t.field({ type: OrderStepEnum, required: true }),
  }),
});

builder.mutationField('advanceOrder', (t) =>
  t.field({
    type: OrderRef,
    description:
      "Reports the operator's progress on its order, one step at a time; a step already reached succeeds " +
      'and changes nothing. Needs an operator token',
    args: { input: t.arg({ type: AdvanceOrderInput, required: true }) },
    errors: {
      types: CHANGE_ERRORS.move,
      union: { name: 'AdvanceOrderResult' },
      result: { name: 'AdvanceOrderSuccess' },
      dataField: { name: 'order' },
    },
    resolve: async (_root, { input }, { caller, life }) =>
      toOrderView(await life.advance(requireOperator(caller), input.orderId, input.to)),
  }),
);
