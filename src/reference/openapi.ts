import { errorResponses, errorSchemas, json, OPERATION_ERRORS } from './openapi-errors.js';
import { bodySchemas, HEADERS, IdempotencyKey, ref } from './openapi-schemas.js';
import { ORDER_LIFE_SCHEMAS } from '../lifecycle/rest/openapi-order-life.js';

export interface OpenApiOptions {
  /** The service's base URL as clients see it (PUBLIC_URL); the document's `servers`. */
  publicUrl?: string;
  /** The deployment's legacy key of the payment URL (PAYMENT_REFERENCE_LEGACY_FIELD), when set. */
  legacyPaymentField?: string | null;
}

const security = [{ bearerAuth: [] }];

const OrderId = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The order\'s id, as its creation answered it. Anything else names no order: 404 `ORDER_NOT_FOUND`',
  schema: { type: 'integer', minimum: 1 },
};

/** The OpenAPI 3.1 document of the REST routes, served at GET /openapi.json. */
export function createOpenApiDocument(options: OpenApiOptions = {}) {
  const legacy = options.legacyPaymentField ? [options.legacyPaymentField] : [];

  return {
    openapi: '3.1.0',
    info: {
      title: 'Órdenes de asistencia en ruta',
      version: '1.0.0',
      description:
        'Creates roadside-assistance orders (towing, battery jump-start, tyre change), wire-compatible with the ' +
        'legacy order service; reads them back; lets their owners cancel them; quotes them before they are made. ' +
        "Errors are `{message, code}` (plus `field` for invalid input, the order's `status` and `pendingStatus` for an " +
        'invalid transition); messages are Spanish, `code` is the stable part that programs read.',
    },
    servers: [{ url: options.publicUrl ?? '/' }],
    tags: [{ name: 'orders' }],
    paths: {
      '/applications/orders': {
        post: {
          operationId: 'createOrder',
          tags: ['orders'],
          summary: 'Create an order',
          description: 'Estimates the service, creates its payment link on the payment provider, and stores the order.',
          security,
          parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }],
          requestBody: { required: true, ...json(ref('CreateOrderRequest')) },
          responses: { 200: { description: 'The order created', ...json(ref('Order')) }, ...errorResponses(OPERATION_ERRORS.createOrder) },
        },
      },
      '/applications/orders/{id}': {
        get: {
          operationId: 'getOrder',
          tags: ['orders'],
          summary: "One of the caller's own orders",
          description:
            'The order as it is now, in the shape its creation answered. Another caller\'s order is answered as one ' +
            'that does not exist.',
          security,
          parameters: [{ $ref: '#/components/parameters/OrderId' }],
          responses: { 200: { description: 'The order', ...json(ref('Order')) }, ...errorResponses(OPERATION_ERRORS.order) },
        },
      },
      '/applications/orders/{id}/cancel': {
        post: {
          operationId: 'cancelOrder',
          tags: ['orders'],
          summary: 'Cancel an order',
          description:
            "Cancels one of the caller's own orders, until its vehicle is on the way to the destination, and answers the " +
            'order as the cancel left it, in the shape its creation answered. A paid order is refunded (in full until an ' +
            'operator took it). With the scope orders:admin, the platform cancels any order not ended, paused included, ' +
            'refunded in full. Cancelling a cancelled order succeeds and changes nothing.',
          security,
          parameters: [{ $ref: '#/components/parameters/OrderId' }],
          requestBody: { required: false, ...json(ref('CancelOrderRequest')) },
          responses: { 200: { description: 'The order, cancelled', ...json(ref('Order')) }, ...errorResponses(OPERATION_ERRORS.cancelOrder) },
        },
      },
      '/applications/quotes': {
        post: {
          operationId: 'quoteOrder',
          tags: ['orders'],
          summary: 'Quote an order without making it',
          description:
            'Takes the body of an order and answers what that order would take and cost now, refused as the order would ' +
            'be: no payment link is made, nothing is stored. An order made from the same body right after carries the ' +
            'same figures.',
          security,
          requestBody: { required: true, ...json(ref('CreateOrderRequest')) },
          responses: { 200: { description: "The order's figures", ...json(ref('Quote')) }, ...errorResponses(OPERATION_ERRORS.quote) },
        },
      },
    },
    components: {
      schemas: Object.assign(bodySchemas(legacy), ORDER_LIFE_SCHEMAS, errorSchemas()),
      headers: HEADERS,
      parameters: { IdempotencyKey, OrderId },
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof createOpenApiDocument>;
