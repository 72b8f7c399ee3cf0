// The body of an order's cancel, in the OpenAPI document (openapi.ts).

const CancelOrderRequest = {
  type: 'object',
  description: 'Optional: the body may be left out. Unknown fields are ignored.',
  properties: {
    reason: { type: ['string', 'null'], maxLength: 500, description: 'Why, kept with the change in the order history' },
  },
  additionalProperties: true,
};

export const ORDER_LIFE_SCHEMAS = { CancelOrderRequest };
