import { WebhookDeliveryNotFoundError, WebhookEndpointNotFoundError } from '../../platform/errors.js';
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../domain/ports.js';
import { ERROR_TABLE } from '../../http/error-table.js';
import { builder } from '../../graphql/builder.js';
import { ErrorInterface } from '../../graphql/errors.js';

export const WebhookEndpointRef = builder.objectRef<WebhookEndpoint>('WebhookEndpoint').implement({
  description: "An integrator's URL that the events of its orders are POSTed to, signed (Standard Webhooks)",
  fields: (t) => ({
    id: t.exposeID('id'),
    url: t.exposeString('url'),
    events: t.exposeStringList('events', {
      nullable: true,
      description: 'The types it receives (order.created, order.paid, …); null: every type, those added later included',
    }),
    secret: t.exposeString('secret', { description: 'whsec_…: the key its deliveries are signed with (webhook-signature)' }),
    previousSecretExpiresAt: t.string({
      nullable: true,
      description: 'After rotateWebhookSecret: until when deliveries are also signed with the previous secret',
      resolve: (e) => e.previousSecretUntil?.toISOString() ?? null,
    }),
    createdAt: t.string({ resolve: (e) => e.createdAt.toISOString() }),
  }),
});

export const WebhookDeliveryStatusEnum = builder.enumType('WebhookDeliveryStatus', {
  values: {
    PENDING: { value: 'pending', description: 'Not yet answered 2xx; tried again at nextAttemptAt' },
    DELIVERED: { value: 'delivered', description: 'The endpoint answered 2xx' },
    FAILED: { value: 'failed', description: 'Given up after about a day of retries, or its endpoint was deleted' },
  } as const,
});

const WebhookAttemptRef = builder.objectRef<WebhookAttempt>('WebhookAttempt').implement({
  description: 'One try of a delivery, and what the endpoint answered',
  fields: (t) => ({
    at: t.string({ resolve: (a) => a.at.toISOString() }),
    succeeded: t.boolean({ description: 'The endpoint answered 2xx', resolve: (a) => a.error === null }),
    responseStatus: t.exposeInt('responseStatus', { nullable: true, description: "The endpoint's HTTP status; null when it gave none" }),
    error: t.exposeString('error', { nullable: true, description: 'Why the try failed: the status, a timeout, a lost connection, a refused address' }),
    durationMs: t.exposeInt('durationMs'),
  }),
});

export const WebhookDeliveryRef = builder.objectRef<WebhookDelivery>('WebhookDelivery').implement({
  description: 'One event of an order sent to one endpoint, tried until the endpoint answers 2xx',
  fields: (t) => ({
    id: t.exposeID('id'),
    webhookId: t.exposeString('webhookId', { description: 'The webhook-id header: the same on every try and replay' }),
    type: t.exposeString('type'),
    orderId: t.exposeID('orderId'),
    status: t.expose('status', { type: WebhookDeliveryStatusEnum }),
    nextAttemptAt: t.string({ nullable: true, resolve: (d) => d.nextAttemptAt?.toISOString() ?? null }),
    createdAt: t.string({ resolve: (d) => d.createdAt.toISOString() }),
    deliveredAt: t.string({ nullable: true, resolve: (d) => d.deliveredAt?.toISOString() ?? null }),
    attempts: t.field({ type: [WebhookAttemptRef], description: 'Every try, the oldest first', resolve: (d) => d.history }),
  }),
});

builder.objectType(WebhookEndpointNotFoundError, {
  name: ERROR_TABLE.WEBHOOK_ENDPOINT_NOT_FOUND.graphqlType,
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof WebhookEndpointNotFoundError,
  fields: (t) => ({ endpointId: t.exposeID('endpointId') }),
});

builder.objectType(WebhookDeliveryNotFoundError, {
  name: ERROR_TABLE.WEBHOOK_DELIVERY_NOT_FOUND.graphqlType,
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof WebhookDeliveryNotFoundError,
  fields: (t) => ({ deliveryId: t.exposeID('deliveryId') }),
});
