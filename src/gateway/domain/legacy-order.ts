import { closestValue } from './closest-value.js';
import {
  ORDER_STATUSES,
  PENDING_STATUSES,
  SERVICE_CODES,
  type OrderStatus,
  type PendingStatus,
  type Point,
  type ServiceCode,
} from '../../orders/domain/order.js';

// Reasons are in English: they go to the log, for whoever runs the gateway, never to a caller.

/** An order as the legacy service wrote it (the order of its interface), checked field by field. */
export interface LegacyOrder {
  id: number;
  status: OrderStatus;
  pendingStatus: PendingStatus | null;
  /** The payment URL, read from the legacy's provider-named key. */
  paymentUrl: string;
  origin: Point;
  destination: Point;
  originTitle: string;
  destinationTitle: string;
  serviceCode: ServiceCode;
  vehicleIdentification: string;
  durationSeconds: number;
  distanceMetres: number;
  /** As written: the legacy's interface documents neither the currency nor the unit of its amounts. */
  amounts: { total: number; partner: number; platform: number };
  partnerDistanceMetres: number;
  partnerDurationSeconds: number;
  clientName: string | null;
  clientPhone: string;
  /** The legacy's interface does not document its fields: passed on as they are. */
  partner: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
}

/** A value read as the documented one it misspells; the caller logs and counts it. */
export interface Correction {
  field: 'pendingStatus';
  raw: string;
  value: PendingStatus;
}

export interface SpecProblem {
  field: string;
  reason: string;
}

export type LegacyOrderReading =
  | { ok: true; order: LegacyOrder; corrections: Correction[] }
  | { ok: false; problems: SpecProblem[] };

type Fields = Record<string, unknown>;
/** How a field is read: its value, or undefined when it breaks the rule that `reason` states. */
interface Rule<T> {
  reason: string;
  read: (value: unknown) => T | undefined;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DURATION = /^(\d{1,9})s$/;

const rule = <T>(reason: string, test: (value: unknown) => boolean): Rule<T> => ({
  reason,
  read: (value) => (test(value) ? (value as T) : undefined),
});
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const text = rule<string>('must be a string', (v) => typeof v === 'string');
const nullableText = rule<string | null>('must be a string or null', (v) => v === null || typeof v === 'string');
const between = (min: number, max: number) =>
  rule<number>(`must be a number from ${min} to ${max}`, (v) => isNumber(v) && v >= min && v <= max);
const nonNegative = rule<number>('must be a number, 0 or more', (v) => isNumber(v) && v >= 0);
const identifier = rule<number>('must be a positive integer', (v) => Number.isSafeInteger(v) && (v as number) > 0);
const oneOf = <T extends string | number>(values: readonly T[]) =>
  rule<T>(`must be one of ${values.join(', ')}`, (v) => values.includes(v as T));
const timestamp = rule<string>(
  'must be a valid date shaped YYYY-MM-DDTHH:MM:SS.mmmZ',
  (v) => typeof v === 'string' && TIMESTAMP.test(v) && !Number.isNaN(Date.parse(v)) && new Date(v).toISOString() === v,
);
const httpUrl = rule<string>(
  'must be an http(s) URL',
  (v) => typeof v === 'string' && URL.canParse(v) && /^https?:$/.test(new URL(v).protocol),
);
const partnerObject = rule<Record<string, unknown> | null>(
  'must be an object or null',
  (v) => v === null || (typeof v === 'object' && !Array.isArray(v)),
);
const seconds: Rule<number> = {
  reason: 'must be shaped "<integer>s"',
  read: (v) => {
    const match = typeof v === 'string' ? DURATION.exec(v) : null;
    return match ? Number(match[1]) : undefined;
  },
};

/**
 * pendingStatus: a documented value, or one within a few edits of exactly one documented value
 * (the legacy writes a misspelled form of `pending_partner`, as its own sample order does), which
 * is corrected and reported. Null only when the order is not pending: a pending order says why.
 */
function readPendingStatus(fields: Fields, status: OrderStatus | undefined, problems: SpecProblem[], corrections: Correction[]) {
  if (!Object.hasOwn(fields, 'pendingStatus')) {
    problems.push({ field: 'pendingStatus', reason: 'missing' });
    return null;
  }
  const raw = fields.pendingStatus;
  if (raw === null && status !== undefined && status !== 'pending') return null;
  // A documented value is taken as it is, without its distance to each of the six: no other
  // documented value is within MAX_EDITS of it, so the answer would be the same.
  const documented = (PENDING_STATUSES as readonly unknown[]).includes(raw);
  const value = documented ? (raw as PendingStatus) : typeof raw === 'string' ? closestValue(raw, PENDING_STATUSES) : undefined;
  if (value === undefined) {
    const shown = typeof raw === 'string' ? ` (got "${raw.slice(0, 64)}")` : '';
    problems.push({ field: 'pendingStatus', reason: `must be one of ${PENDING_STATUSES.join(', ')}, or a misspelling of exactly one${shown}` });
    return null;
  }
  if (value !== raw) corrections.push({ field: 'pendingStatus', raw: raw as string, value });
  return value;
}

/**
 * Reads a parsed legacy answer as an order of the legacy's interface, the payment URL under
 * `paymentField` (the provider-named key). Every field is required; unknown fields are allowed and left out.
 * `clientName` may be null: the legacy request has no field it could come from.
 */
export function readLegacyOrder(body: unknown, paymentField: string): LegacyOrderReading {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, problems: [{ field: '(body)', reason: 'must be a JSON object' }] };
  }
  const fields = body as Fields;
  const problems: SpecProblem[] = [];
  const corrections: Correction[] = [];
  // A broken field is recorded and read as undefined; the order is only returned when none is.
  const read = <T>(field: string, { reason, read: check }: Rule<T>): T => {
    const value = Object.hasOwn(fields, field) ? check(fields[field]) : undefined;
    if (value === undefined) problems.push({ field, reason: Object.hasOwn(fields, field) ? reason : 'missing' });
    return value as T;
  };

  const status = read('status', oneOf(ORDER_STATUSES));
  const pendingStatus = readPendingStatus(fields, status, problems, corrections);
  const order: LegacyOrder = {
    id: read('id', identifier),
    status,
    pendingStatus,
    paymentUrl: read(paymentField, httpUrl),
    origin: { latitude: read('originLatitude', between(-90, 90)), longitude: read('originLongitude', between(-180, 180)) },
    destination: {
      latitude: read('destinationLatitude', between(-90, 90)),
      longitude: read('destinationLongitude', between(-180, 180)),
    },
    originTitle: read('originTitle', text),
    destinationTitle: read('destinationTitle', text),
    serviceCode: read('serviceCode', oneOf(SERVICE_CODES)),
    vehicleIdentification: read('vehicleIdentification', text),
    durationSeconds: read('duration', seconds),
    distanceMetres: read('distance', nonNegative),
    amounts: {
      total: read('totalAmount', nonNegative),
      partner: read('partnerAmount', nonNegative),
      platform: read('platformAmount', nonNegative),
    },
    partnerDistanceMetres: read('partnerDistance', nonNegative),
    partnerDurationSeconds: read('partnerDuration', seconds),
    clientName: read('clientName', nullableText),
    clientPhone: read('clientPhone', text),
    partner: read('partner', partnerObject),
    createdAt: read('createdAt', timestamp),
    updatedAt: read('updatedAt', timestamp),
  };
  const { total, partner, platform } = order.amounts;
  if (problems.length === 0 && Math.abs(partner + platform - total) > 1e-9 * Math.max(1, total)) {
    problems.push({ field: 'totalAmount', reason: 'must be partnerAmount + platformAmount' });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, order, corrections };
}
