import { MAX_IDEMPOTENCY_KEY_LENGTH } from '../orders/domain/idempotency.js';
import { ORDER_STATUSES, PAYMENT_STATUSES, PENDING_STATUSES, SERVICE_CODES, type EstimateSource } from '../orders/domain/order.js';

// The JSON Schemas (2020-12, as OpenAPI 3.1 has them) of the REST routes' bodies, following the
// rules of src/orders/domain/order-request.ts and the order of src/orders/order-view.ts. Every value with a rule
// of its own is a named component: a tool that turns the document into types (Hive Gateway's
// OpenAPI source makes GraphQL scalars and enums of them) names them after it, not after a path.
// Patterns keep to what a regular expression without the `u` flag reads alike: such tools test
// them with one.

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });

const latitude = { type: 'number', minimum: -90, maximum: 90 };
const longitude = { type: 'number', minimum: -180, maximum: 180 };
const metres = { type: 'integer', minimum: 0 };
const amount = { type: 'number', minimum: 0 };

// Every value of the type, once: the compiler refuses a value left out here or one it lacks.
const ESTIMATE_SOURCES = Object.keys({ road: true, great_circle: true } satisfies Record<EstimateSource, true>);

const VALUES = {
  ServiceCode: { type: 'integer', enum: [...SERVICE_CODES], description: '1 towing, 2 battery jump-start, 3 tyre change' },
  OrderStatus: { type: 'string', enum: [...ORDER_STATUSES] },
  PendingStatus: {
    type: ['string', 'null'],
    enum: [...PENDING_STATUSES, null],
    description: 'The step of a pending order; null unless `pending`',
  },
  PhoneNumber: { type: 'string', pattern: '^\\+[1-9]\\d{1,14}$', description: 'E.164, e.g. +56912345678' },
  LicencePlate: {
    type: 'string',
    pattern: '[^\\s-]',
    description: 'Letters and digits, 1 to 16 once the spaces and hyphens people type in plates are dropped',
  },
  ClientName: { type: ['string', 'null'], maxLength: 200 },
  PlaceTitle: { type: ['string', 'null'], maxLength: 300, description: 'An address or a name for a place' },
  Duration: { type: 'string', pattern: '^\\d+s$', description: 'Whole seconds with the suffix `s`, e.g. `427s`' },
  CurrencyCode: { type: 'string', pattern: '^[A-Z]{3}$', description: 'ISO 4217, e.g. CLP' },
  Timestamp: {
    type: 'string',
    format: 'date-time',
    pattern: '^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z$',
    description: 'UTC with milliseconds, e.g. 2026-11-21T17:10:00.000Z',
  },
  IdempotencyKey: { type: 'string', minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH },
  EstimateSource: {
    type: 'string',
    enum: ESTIMATE_SOURCES,
    description: '`road` when a routing provider answered every leg in time; else `great_circle`',
  },
  PaymentStatus: {
    type: 'string',
    enum: [...PAYMENT_STATUSES],
    description:
      '`pending` while the link is open; `paid`; `expired` when left unpaid (the link expired, or the order was cancelled first); ' +
      'a paid order cancelled is `refund_pending` until the payment provider accepts the refund, then `refunded`',
  },
};

const CreateOrderRequest = {
  type: 'object',
  description:
    'Unknown fields are ignored. The destination is required for towing (serviceId 1); for 2 and 3 it ' +
    'defaults to the origin. phoneNumber must also be of a length its country code allows. Without ' +
    "clientName, the token's `name` claim is taken; without a title, the coordinates as text.",
  required: ['originLatitude', 'originLongitude', 'serviceId', 'phoneNumber', 'vehicleIdentification'],
  properties: {
    originLatitude: latitude,
    originLongitude: longitude,
    destinationLatitude: nullable(latitude),
    destinationLongitude: nullable(longitude),
    serviceId: ref('ServiceCode'),
    phoneNumber: ref('PhoneNumber'),
    vehicleIdentification: ref('LicencePlate'),
    clientName: ref('ClientName'),
    originTitle: ref('PlaceTitle'),
    destinationTitle: ref('PlaceTitle'),
  },
  additionalProperties: true,
  examples: [
    {
      originLatitude: -33.4378,
      originLongitude: -70.6505,
      destinationLatitude: -33.495,
      destinationLongitude: -70.58,
      serviceId: 1,
      phoneNumber: '+56912345678',
      vehicleIdentification: 'AB-12 CD',
    },
  ],
};

const Partner = {
  type: 'object',
  description:
    "The operator assigned to the order, its position as it last reported it. In gateway mode, the legacy service's " +
    'partner as it wrote it',
  required: ['id', 'name', 'phone', 'latitude', 'longitude'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    phone: ref('PhoneNumber'),
    latitude,
    longitude,
  },
};

// Written by this service's own orders only: in gateway mode the answer is the legacy's order as
// the legacy wrote it, which has no such key, and the legacy keeps the payment.
const NATIVE_ONLY = ['estimateSource', 'paymentStatus'];

/**
 * The order of the legacy interface, field for field, plus `currency`, `estimateSource` and
 * `paymentStatus`; `extraKeys` are required too.
 */
function orderSchema(extraKeys: string[]) {
  const properties: Record<string, object> = {
    id: { type: 'integer', minimum: 1 },
    status: ref('OrderStatus'),
    pendingStatus: ref('PendingStatus'),
    paymentProviderReference: { type: 'string', format: 'uri', description: 'URL of the payment on the payment provider' },
    originLatitude: latitude,
    originLongitude: longitude,
    destinationLatitude: latitude,
    destinationLongitude: longitude,
    originTitle: { type: 'string' },
    destinationTitle: { type: 'string' },
    serviceCode: ref('ServiceCode'),
    vehicleIdentification: { type: 'string', description: 'Upper-cased, without spaces and hyphens' },
    duration: { description: 'Estimated trip origin → destination', ...ref('Duration') },
    distance: { description: 'Estimated trip origin → destination, in metres', ...metres },
    totalAmount: { description: 'partnerAmount + platformAmount, in `currency`', ...amount },
    partnerAmount: amount,
    platformAmount: amount,
    currency: ref('CurrencyCode'),
    partnerDistance: { description: "From the nearest available operator to the origin, in metres; once an operator took the order, from its last reported position", ...metres },
    partnerDuration: { description: "From the nearest available operator to the origin; once an operator took the order, from its last reported position", ...ref('Duration') },
    clientName: nullable({ type: 'string' }),
    clientPhone: ref('PhoneNumber'),
    partner: { description: 'null until an operator is assigned', ...nullable(ref('Partner')) },
    createdAt: ref('Timestamp'),
    updatedAt: ref('Timestamp'),
    estimateSource: { description: 'How distances and durations were estimated; not in gateway mode', ...ref('EstimateSource') },
    paymentStatus: { description: 'Where the payment stands; not in gateway mode, where the legacy keeps it', ...ref('PaymentStatus') },
  };
  for (const key of extraKeys) {
    properties[key] = { type: 'string', format: 'uri', description: 'The same URL as paymentProviderReference, under the legacy name' };
  }
  return {
    type: 'object',
    description: 'More fields may be added; none of these will change.',
    required: Object.keys(properties).filter((key) => !NATIVE_ONLY.includes(key)),
    properties,
    // Open for clients: the description promises that fields may be added, and in gateway mode
    // the legacy's own fields are passed on as it wrote them. The tests check answers closed.
    additionalProperties: true,
  };
}

// The figures of an order, in its formats, before it is made.
const Quote = {
  type: 'object',
  description: 'What the order would take and cost now: an order made from the same body right after carries these figures.',
  required: ['distance', 'duration', 'totalAmount', 'partnerAmount', 'platformAmount', 'currency', 'partnerDistance', 'partnerDuration', 'estimateSource'],
  properties: {
    distance: { description: 'Estimated trip origin → destination, in metres', ...metres },
    duration: { description: 'Estimated trip origin → destination', ...ref('Duration') },
    totalAmount: { description: 'partnerAmount + platformAmount, in `currency`', ...amount },
    partnerAmount: amount,
    platformAmount: amount,
    currency: ref('CurrencyCode'),
    partnerDistance: { description: 'From the nearest available operator to the origin, in metres', ...metres },
    partnerDuration: { description: 'From the nearest available operator to the origin', ...ref('Duration') },
    estimateSource: ref('EstimateSource'),
  },
  additionalProperties: true,
};

/** The named schemas of the request, the order (with its `extraKeys`) and the quote. */
export function bodySchemas(extraKeys: string[]): Record<string, object> {
  return Object.assign({ CreateOrderRequest, Order: orderSchema(extraKeys), Partner, Quote }, VALUES);
}

/**
 * The body of an error answer, `{message, code, field?}`, whose code is one of `codes`. `code` is
 * an ErrorCode whatever the status, so that types made of the document share one type for it.
 */
export function errorSchema(codes: string[], description: string, messages: string[]) {
  const invalidInput = codes.includes('INVALID_INPUT');
  const transition = codes.includes('INVALID_TRANSITION');
  const field = { type: 'string', description: 'With INVALID_INPUT: the request field at fault' };
  // With INVALID_TRANSITION: where the order is, which the change is not allowed from.
  const state = { status: ref('OrderStatus'), pendingStatus: ref('PendingStatus') };
  const when = (code: string, required: string[]) => ({ if: { properties: { code: { const: code } } }, then: { required } });
  const conditions = [
    ...(invalidInput ? [when('INVALID_INPUT', ['field'])] : []),
    ...(transition ? [when('INVALID_TRANSITION', ['status', 'pendingStatus'])] : []),
  ];
  return {
    type: 'object',
    description,
    required: ['message', 'code'],
    properties: {
      message: { type: 'string', description: 'For people, in Spanish', examples: messages },
      code: codes.length === 1 ? { $ref: '#/components/schemas/ErrorCode', const: codes[0] } : { $ref: '#/components/schemas/ErrorCode', enum: codes },
      ...(invalidInput ? { field } : {}),
      ...(transition ? state : {}),
    },
    ...(conditions.length > 1 ? { allOf: conditions } : conditions[0]),
  };
}

const integerHeader = (description: string) => ({ description, required: true, schema: { type: 'integer', minimum: 0 } });

export const HEADERS = {
  RetryAfter: integerHeader('Seconds to wait before retrying'),
  RateLimitLimit: integerHeader('Requests allowed in the current window'),
  RateLimitRemaining: integerHeader('Requests left in the current window'),
  RateLimitReset: integerHeader('Seconds until the window resets'),
  WWWAuthenticate: { description: 'The scheme to authenticate with', required: true, schema: { type: 'string', pattern: '^Bearer\\b' } },
};

export const IdempotencyKey = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes retries safe: the same key with the same body answers what the first request answered; ' +
    "with another body, 422; while the first is still running, 409. Keys belong to the token's `sub`.",
  schema: ref('IdempotencyKey'),
};
