import { z } from 'zod';
import { InvalidInputError } from '../../platform/errors.js';
import { formatCoordinates } from './geo.js';
import { asFields, invalidField, parseFields, type FieldRules } from './input-fields.js';
import { needsDestination, SERVICE_CODES, type Point, type ServiceCode } from './order.js';
import { isPhoneNumber } from './phone.js';
import { isStorableText, NOT_STORABLE } from '../../platform/text.js';

/** A create-order request once it has passed every rule. */
export interface OrderRequest {
  origin: Point;
  destination: Point;
  serviceCode: ServiceCode;
  phoneNumber: string;
  vehicleIdentification: string;
  clientName: string | null;
  originTitle: string;
  destinationTitle: string;
}

// Plates are compared without the spaces and hyphens people type in them.
const PLATE = /^[\p{L}\p{N}]{1,16}$/u;

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
// Whether the store can keep them is checked once they are parsed (see below): a refinement here
// would take the whole object off zod's fast path.
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

const schema = z.object({
  originLatitude: latitude,
  originLongitude: longitude,
  destinationLatitude: latitude.nullish(),
  destinationLongitude: longitude.nullish(),
  serviceCode: z.union(SERVICE_CODES.map((code) => z.literal(code))),
  phoneNumber: z.string().refine(isPhoneNumber),
  vehicleIdentification: z
    .string()
    .transform((v) => v.replace(/[\s-]+/g, '').toUpperCase())
    .pipe(z.string().regex(PLATE)),
  clientName: optionalText(200),
  originTitle: optionalText(300),
  destinationTitle: optionalText(300),
});

type Field = keyof z.input<typeof schema>;

// What each field must be, said once; the message of an InvalidInputError.
const RULES: FieldRules<Field> = {
  originLatitude: 'debe ser un número entre -90 y 90',
  originLongitude: 'debe ser un número entre -180 y 180',
  destinationLatitude: 'debe ser un número entre -90 y 90',
  destinationLongitude: 'debe ser un número entre -180 y 180',
  serviceCode: 'debe ser 1 (grúa), 2 (batería) o 3 (cambio de neumático)',
  phoneNumber: 'debe ser un teléfono en formato E.164, por ejemplo +56912345678',
  vehicleIdentification: 'debe ser una patente de letras y números',
  clientName: 'debe ser un texto de hasta 200 caracteres',
  originTitle: 'debe ser un texto de hasta 300 caracteres',
  destinationTitle: 'debe ser un texto de hasta 300 caracteres',
};

// An order id in its canonical decimal form: no sign, spaces, leading zeros, exponent or hex.
const ORDER_ID = /^[1-9]\d{0,15}$/;

/** The order an id names; anything but a positive integer written canonically is refused. */
export function parseOrderId(id: unknown): number {
  const n = typeof id === 'string' && ORDER_ID.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(n)) throw new InvalidInputError('id', 'debe ser un número de orden: un entero positivo, sin ceros a la izquierda');
  return n;
}

// The text fields a client writes freely; the others have patterns that leave no room for
// what the store cannot keep.
const FREE_TEXT = ['clientName', 'originTitle', 'destinationTitle'] as const;

/** Applies every rule of an order's request (docs/orders.md) and names the first field that breaks one. */
export function parseOrderRequest(input: unknown): OrderRequest {
  const v = parseFields(schema, input, RULES);
  for (const field of FREE_TEXT) {
    const text = v[field];
    if (text !== null && !isStorableText(text)) throw new InvalidInputError(field, NOT_STORABLE);
  }
  const origin = { latitude: v.originLatitude, longitude: v.originLongitude };
  let destination = origin;
  if (v.destinationLatitude != null || v.destinationLongitude != null || needsDestination(v.serviceCode)) {
    if (v.destinationLatitude == null) throw invalidField('destinationLatitude', asFields(input), RULES);
    if (v.destinationLongitude == null) throw invalidField('destinationLongitude', asFields(input), RULES);
    destination = { latitude: v.destinationLatitude, longitude: v.destinationLongitude };
  }
  return {
    origin,
    destination,
    serviceCode: v.serviceCode,
    phoneNumber: v.phoneNumber,
    vehicleIdentification: v.vehicleIdentification,
    clientName: v.clientName,
    originTitle: v.originTitle ?? formatCoordinates(origin),
    destinationTitle: v.destinationTitle ?? formatCoordinates(destination),
  };
}
