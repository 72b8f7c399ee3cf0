import { WebhookDeliveryNotFoundError, WebhookEndpointNotFoundError } from '../../platform/errors.js';
import { builder } from '../../graphql/builder.js';
import { WebhookDeliveryRef } from './webhooks.js';

builder.queryField('webhookDeliveries', (t) =>
  t.field({
    type: [WebhookDeliveryRef],
    description: "The latest deliveries (up to 100) of one of the caller's endpoints, the newest first, with their tries",
    args: { endpointId: t.arg.id({ required: true }) },
    errors: {
      types: [WebhookEndpointNotFoundError],
      union: { name: 'WebhookDeliveriesResult' },
      result: { name: 'WebhookDeliveriesSuccess' },
      dataField: { name: 'deliveries' },
    },
    resolve: (_root, { endpointId }, { caller, webhooks }) => webhooks.deliveries(caller, String(endpointId)),
  }),
);

builder.mutationField('replayWebhookDelivery', (t) =>
  t.field({
    type: WebhookDeliveryRef,
    description: 'Sends a delivery again now, delivered or failed, with the same webhook-id; its retries start afresh',
    args: { id: t.arg.id({ required: true }) },
    errors: {
      types: [WebhookDeliveryNotFoundError],
      union: { name: 'ReplayWebhookDeliveryResult' },
      result: { name: 'ReplayWebhookDeliverySuccess' },
      dataField: { name: 'delivery' },
    },
    resolve: (_root, { id }, { caller, webhooks }) => webhooks.replay(caller, String(id)),
  }),
);
