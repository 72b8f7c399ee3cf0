import { InvalidInputError, WebhookEndpointNotFoundError } from '../../platform/errors.js';
import { builder } from '../../graphql/builder.js';
import { WebhookEndpointRef } from './webhooks.js';

const CreateWebhookEndpointInput = builder.inputType('CreateWebhookEndpointInput', {
  fields: (t) => ({
    url: t.string({ required: true, description: 'https (http outside production), on a public address' }),
    events: t.stringList({ description: 'The types to receive (order.created, order.paid, …); every type when left out' }),
  }),
});

builder.mutationField('createWebhookEndpoint', (t) =>
  t.field({
    type: WebhookEndpointRef,
    description: "Registers a URL that the events of the caller's orders are POSTed to; the answer holds its signing secret",
    args: { input: t.arg({ type: CreateWebhookEndpointInput, required: true }) },
    errors: {
      types: [InvalidInputError],
      union: { name: 'CreateWebhookEndpointResult' },
      result: { name: 'CreateWebhookEndpointSuccess' },
      dataField: { name: 'endpoint' },
    },
    resolve: (_root, { input }, { caller, webhooks }) => webhooks.register(caller, input),
  }),
);

builder.queryField('webhookEndpoints', (t) =>
  t.field({
    type: [WebhookEndpointRef],
    description: "The caller's webhook endpoints, the oldest first",
    resolve: (_root, _args, { caller, webhooks }) => webhooks.list(caller),
  }),
);

builder.mutationField('deleteWebhookEndpoint', (t) =>
  t.field({
    type: 'ID',
    description: 'Deletes one of the caller\'s endpoints: nothing more is sent to it, its pending deliveries fail',
    args: { id: t.arg.id({ required: true }) },
    errors: {
      types: [WebhookEndpointNotFoundError],
      union: { name: 'DeleteWebhookEndpointResult' },
      result: { name: 'DeleteWebhookEndpointSuccess' },
      dataField: { name: 'endpointId' },
    },
    resolve: (_root, { id }, { caller, webhooks }) => webhooks.remove(caller, String(id)),
  }),
);

builder.mutationField('rotateWebhookSecret', (t) =>
  t.field({
    type: WebhookEndpointRef,
    description:
      'Gives the endpoint a new secret; deliveries are signed with both until previousSecretExpiresAt ' +
      '(WEBHOOKS_SECRET_OVERLAP_HOURS), so that the receiver can switch without missing one',
    args: { id: t.arg.id({ required: true }) },
    errors: {
      types: [WebhookEndpointNotFoundError],
      union: { name: 'RotateWebhookSecretResult' },
      result: { name: 'RotateWebhookSecretSuccess' },
      dataField: { name: 'endpoint' },
    },
    resolve: (_root, { id }, { caller, webhooks }) => webhooks.rotateSecret(caller, String(id)),
  }),
);
