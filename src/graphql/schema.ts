import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder.js';
import './errors.js';
import './order.js';
import './create-order.js';
import './order-updated.js';
import './operators.js';
import './operators-near.js';
import './operators-upsert.js';
import './operators-position.js';
import './operators-remove.js';

export const schema = builder.toSchema();

/** The schema as committed in schema.graphql. */
export const printedSchema = () => `${printSchema(lexicographicSortSchema(schema))}\n`;
