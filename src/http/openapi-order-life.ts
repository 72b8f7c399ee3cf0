// The REST routes of an order's life after its creation, in the OpenAPI document (openapi.ts).

/** The failures of `POST /applications/orders/{id}/cancel`, and when each happens. */
export const CANCEL_ERRORS: Record<string, string> = {
  INVALID_INPUT: 'The reason is not a text of up to 500 characters; `field` names it',
  MALFORMED_JSON: 'A body was sent and it is not a JSON object',
  UNAVAILABLE_IN_GATEWAY_MODE: 'Gateway mode: the legacy order service runs the orders after their creation',
  UNAUTHENTICATED: 'No token, a bad signature, expired, wrong `iss`/`aud`',
  ORDER_NOT_FOUND: "No order of the token's `sub` has this id (whether another's has is not told)",
  INVALID_TRANSITION:
    'The order can no longer be cancelled by its owner: its vehicle is on the way to the destination, or it has ' +
    'finished or closed; `status` and `pendingStatus` say where it is',
  PAYLOAD_TOO_LARGE: 'The body is over the size limit',
  UNSUPPORTED_MEDIA_TYPE: 'A body was sent with a content type other than JSON',
  RATE_LIMITED: "Over the rate limit of the token's `sub` (of the address without one)",
  INTERNAL: 'Anything unexpected; a generic message',
  STORE_UNAVAILABLE: 'The store is unreachable and nothing was changed',
};

const CancelOrderRequest = {
  type: 'object',
  description: 'Optional: the body may be left out. Unknown fields are ignored.',
  properties: {
    reason: { type: ['string', 'null'], maxLength: 500, description: 'Why, kept with the change in the order history' },
  },
  additionalProperties: true,
};

export const ORDER_LIFE_SCHEMAS = { CancelOrderRequest };

/** The path item of the owner's cancel, with its error `responses` as openapi.ts makes them. */
export function cancelOrderPath(responses: Record<string, object>) {
  return {
    post: {
      operationId: 'cancelOrder',
      tags: ['orders'],
      summary: 'Cancel an order',
      description:
        "Cancels one of the token's `sub`'s own orders, until its vehicle is on the way to the destination, and " +
        'answers the order as the cancel left it, as `POST /applications/orders` writes an order. A paid order is ' +
        'refunded (in full until an operator took it). Cancelling a cancelled order succeeds and changes nothing.',
      security: [{ bearerAuth: [] }],
      parameters: [{ name: 'id', in: 'path', required: true, description: "The order's id", schema: { type: 'integer', minimum: 1 } }],
      requestBody: { required: false, content: { 'application/json': { schema: { $ref: '#/components/schemas/CancelOrderRequest' } } } },
      responses: {
        200: { description: 'The order, cancelled', content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } },
        ...responses,
      },
    },
  };
}
