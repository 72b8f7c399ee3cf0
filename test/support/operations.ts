import { readFileSync } from 'node:fs';

const read = (file: string) => readFileSync(new URL(`../operations/${file}`, import.meta.url), 'utf8');
const ORDER_FIELDS = read('order-fields.graphql');

// The operations' texts with the fragment they use; their types are in ../generated/operations.ts.
export const CREATE_ORDER = read('create-order.graphql') + ORDER_FIELDS;
export const ORDER = read('order.graphql') + ORDER_FIELDS;
export const QUOTE = read('quote.graphql');
export const ORDERS = read('orders.graphql');
export const ORDER_HISTORY = read('order-history.graphql');
