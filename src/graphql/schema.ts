import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder.js';
import './errors.js';
import './order.js';
import './order-history.js';
import './order-offer.js';
import './orders.js';
import './create-order.js';
import './quote.js';
import './order-updated.js';
import './operators.js';
import './operators-near.js';
import './operators-upsert.js';
import './operators-position.js';
import './operators-remove.js';
import './webhooks.js';
import './webhooks-endpoints.js';
import './webhooks-deliveries.js';
import './lifecycle-errors.js';
import './offers.js';
import './advance-order.js';
import './cancel-order.js';
import './platform-orders.js';

export const schema = builder.toSchema();

/** The schema as committed in schema.graphql. */
export const printedSchema = () => `${printSchema(lexicographicSortSchema(schema))}\n`;
