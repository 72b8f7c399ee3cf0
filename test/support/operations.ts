import { readFileSync } from 'node:fs';

const read = (file: string) => readFileSync(new URL(`../operations/${file}`, import.meta.url), 'utf8');
const ORDER_FIELDS = read('order-fields.graphql');

// The operations' texts with the fragment they use; their types are in ../generated/operations.ts.
export const CREATE_ORDER = read('create-order.graphql') + ORDER_FIELDS;
export const ORDER = read('order.graphql') + ORDER_FIELDS;

// The order's life after creation: each change answers the order, or the error fields.
const CHANGE_ERROR_FIELDS = read('change-error-fields.graphql');
const change = (file: string) => read(file) + ORDER_FIELDS + CHANGE_ERROR_FIELDS;
export const MY_OFFERS = read('my-offers.graphql') + ORDER_FIELDS;
export const ACCEPT_OFFER = change('accept-offer.graphql');
export const DECLINE_OFFER = read('decline-offer.graphql') + CHANGE_ERROR_FIELDS;
export const ADVANCE_ORDER = change('advance-order.graphql');
export const CANCEL_ORDER = change('cancel-order.graphql');
export const ASSIGN_ORDER = change('assign-order.graphql');
export const PAUSE_ORDER = change('pause-order.graphql');
export const RESUME_ORDER = change('resume-order.graphql');
export const CLOSE_ORDER = change('close-order.graphql');
export const QUOTE = read('quote.graphql');
export const ORDERS = read('orders.graphql');
export const ORDER_HISTORY = read('order-history.graphql');
