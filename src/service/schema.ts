// The published GraphQL schema: the transport's own types, then every capability's, declared on
// the one builder by importing them, in the order the schema reads.
import { builder } from '../graphql/builder.js';
import { schemasOf } from '../graphql/schema.js';
import '../graphql/errors.js';
import '../orders/graphql/order.js';
import '../lifecycle/graphql/order-history.js';
import '../lifecycle/graphql/order-offer.js';
import '../orders/graphql/orders.js';
import '../orders/graphql/create-order.js';
import '../orders/graphql/quote.js';
import '../live-updates/graphql/order-updated.js';
import '../operators/graphql/operators.js';
import '../operators/graphql/operators-near.js';
import '../operators/graphql/operators-upsert.js';
import '../operators/graphql/operators-position.js';
import '../operators/graphql/operators-remove.js';
import '../webhooks/graphql/webhooks.js';
import '../webhooks/graphql/webhooks-endpoints.js';
import '../webhooks/graphql/webhooks-deliveries.js';
import '../lifecycle/graphql/lifecycle-errors.js';
import '../lifecycle/graphql/offers.js';
import '../lifecycle/graphql/advance-order.js';
import '../lifecycle/graphql/cancel-order.js';
import '../lifecycle/graphql/platform-orders.js';

export const { schema, subgraphSchema, printedSchema } = schemasOf(builder);
