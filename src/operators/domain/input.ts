import { z } from 'zod';
import { parseFields } from '../../orders/domain/input-fields.js';
import { SERVICE_CODES, type Point, type ServiceCode } from '../../orders/domain/order.js';
import { isPhoneNumber } from '../../orders/domain/phone.js';
import { isStorableText, NOT_STORABLE } from '../../platform/text.js';

/** An operator as the platform describes it, once it has passed every rule. */
export interface OperatorDraft {
  id: string;
  name: string;
  phone: string;
  services: ServiceCode[];
  position: Point;
  /** null keeps what the store has; an operator new to the store starts on duty. */
  onDuty: boolean | null;
}

export interface OperatorMove {
  id: string;
  position: Point;
}

export interface DutyChange {
  id: string;
  onDuty: boolean;
}

export interface NearQuery {
  point: Point;
  /** null: any service. */
  service: ServiceCode | null;
  radiusMetres: number;
  limit: number;
}

const MAX_NEAR_LIMIT = 100;
const DEFAULT_NEAR_LIMIT = 10;
// Half the Earth's circumference: every point is within it.
const MAX_RADIUS_KM = 20_000;
// Ids come from the platform's other systems; this keeps them printable, short and safe in a CSV.
const OPERATOR_ID = /^[A-Za-z0-9._:-]{1,64}$/;

const id = z.string().regex(OPERATOR_ID);
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const serviceCode = z.union(SERVICE_CODES.map((code) => z.literal(code)));

const draftSchema = z.object({
  id,
  name: z.string().refine(isStorableText, NOT_STORABLE).trim().min(1).max(200),
  phone: z.string().refine(isPhoneNumber),
  services: z
    .array(serviceCode)
    .min(1)
    .transform((codes) => [...new Set(codes)].sort((a, b) => a - b)),
  latitude,
  longitude,
  onDuty: z.boolean().nullish(),
});
const moveSchema = z.object({ id, latitude, longitude });
const dutySchema = z.object({ id, onDuty: z.boolean() });
const idSchema = z.object({ id });
const nearSchema = z.object({
  latitude,
  longitude,
  serviceCode: serviceCode.nullish(),
  radiusKm: z.number().positive().max(MAX_RADIUS_KM).nullish(),
  limit: z.number().int().min(1).max(MAX_NEAR_LIMIT).nullish(),
});

// What each field must be, said once; the message of an InvalidInputError.
const RULES = {
  id: 'debe ser un identificador de 1 a 64 letras, números o los signos . _ : -',
  name: 'debe ser un texto de 1 a 200 caracteres',
  phone: 'debe ser un teléfono en formato E.164, por ejemplo +56912345678',
  services: 'debe ser una lista no vacía de servicios: 1 (grúa), 2 (batería), 3 (cambio de neumático)',
  latitude: 'debe ser un número entre -90 y 90',
  longitude: 'debe ser un número entre -180 y 180',
  onDuty: 'debe ser verdadero o falso',
  serviceCode: 'debe ser 1 (grúa), 2 (batería) o 3 (cambio de neumático)',
  radiusKm: `debe ser un número de kilómetros mayor que 0 y hasta ${MAX_RADIUS_KM}`,
  limit: `debe ser un entero entre 1 y ${MAX_NEAR_LIMIT}`,
} as const;

export function parseOperatorDraft(input: unknown): OperatorDraft {
  const v = parseFields(draftSchema, input, RULES);
  return {
    id: v.id,
    name: v.name,
    phone: v.phone,
    services: v.services,
    position: { latitude: v.latitude, longitude: v.longitude },
    onDuty: v.onDuty ?? null,
  };
}

export function parseOperatorMove(input: unknown): OperatorMove {
  const v = parseFields(moveSchema, input, RULES);
  return { id: v.id, position: { latitude: v.latitude, longitude: v.longitude } };
}

export function parseDutyChange(input: unknown): DutyChange {
  return parseFields(dutySchema, input, RULES);
}

export function parseOperatorId(input: unknown): string {
  return parseFields(idSchema, input, RULES).id;
}

/** `defaultRadiusMetres` when the query names no radius: the dispatch radius, so that it sees what dispatch sees. */
export function parseNearQuery(input: unknown, defaultRadiusMetres: number): NearQuery {
  const v = parseFields(nearSchema, input, RULES);
  return {
    point: { latitude: v.latitude, longitude: v.longitude },
    service: v.serviceCode ?? null,
    radiusMetres: v.radiusKm == null ? defaultRadiusMetres : v.radiusKm * 1000,
    limit: v.limit ?? DEFAULT_NEAR_LIMIT,
  };
}
