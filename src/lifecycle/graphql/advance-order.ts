import { requireOperator } from '../../platform/tokens/forbidden.js';
import { REPORTED } from '../domain/steps.js';
import type { ReportedStep } from '../domain/transitions.js';
import { toOrderView } from '../../orders/order-view.js';
import { builder } from '../../graphql/builder.js';
import { upperCased } from '../../graphql/enums.js';
import { CHANGE_ERRORS } from './lifecycle-errors.js';
import { OrderRef } from '../../orders/graphql/order.js';

const STEP_DESCRIPTIONS: Record<ReportedStep, string> = {
  partner_going_to_origin: 'On the way to the vehicle',
  partner_in_origin: 'With the vehicle',
  partner_going_to_destination: 'Towing it to the destination (towing only)',
  finished: 'The job is done',
};

// The steps the table says an operator reports.
const OrderStepEnum = builder.enumType('OrderStep', {
  description: 'A step the operator on an order reports',
  values: upperCased(REPORTED, STEP_DESCRIPTIONS),
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
