import { toOrderView } from '../order-view.js';
import { builder } from '../../graphql/builder.js';
import { ServiceCodeEnum } from './enums.js';
import { CREATE_ORDER_ERRORS } from '../../graphql/errors.js';
import { OrderRef } from './order.js';

export const CreateOrderInput = builder.inputType('CreateOrderInput', {
  fields: (t) => ({
    originLatitude: t.float({ required: true }),
    originLongitude: t.float({ required: true }),
    destinationLatitude: t.float({ description: 'Required for towing; other services default to the origin' }),
    destinationLongitude: t.float(),
    serviceCode: t.field({ type: ServiceCodeEnum, required: true }),
    phoneNumber: t.string({ required: true, description: 'E.164, e.g. +56912345678' }),
    vehicleIdentification: t.string({ required: true, description: 'Licence plate' }),
    clientName: t.string({ description: "Defaults to the token's name claim" }),
    originTitle: t.string({ description: 'Defaults to the coordinates as text' }),
    destinationTitle: t.string(),
  }),
});

builder.mutationField('createOrder', (t) =>
  t.field({
    type: OrderRef,
    description: 'Estimates the service, creates its payment link and stores the order',
    args: { input: t.arg({ type: CreateOrderInput, required: true }) },
    errors: {
      types: CREATE_ORDER_ERRORS,
      union: { name: 'CreateOrderResult' },
      result: { name: 'CreateOrderSuccess' },
      dataField: { name: 'order' },
    },
    resolve: async (_root, { input }, { caller, orders, idempotent }) =>
      toOrderView(await orders.createOrder(caller, input, idempotent)),
  }),
);
