import type { LegacyOrder, SpecProblem } from './legacy-order.js';
import type { Order, OrderPartner } from '../../orders/domain/order.js';
import { toMajorUnits, toMinorUnits } from '../../orders/domain/pricing.js';

// GraphQL's Int: distances are Int! in the published schema.
const MAX_INT = 2 ** 31 - 1;

export type GatewayOrderReading = { ok: true; order: Order } | { ok: false; problems: SpecProblem[] };

/**
 * An amount of the legacy in the deployment's currency, as the domain keeps it (an integer in
 * the minor unit), or undefined when it is not a whole number of that unit: amounts are exact,
 * and the legacy's own currency is not documented, so its amounts are read in CURRENCY's major
 * unit, as the legacy's sample orders are written in pesos.
 */
function minorUnits(amount: number, currency: string): number | undefined {
  const minor = toMinorUnits(amount, currency);
  return Number.isSafeInteger(minor) && toMajorUnits(minor, currency) === amount ? minor : undefined;
}

/**
 * A checked legacy order as the domain's Order, owned by `ownerSubject`, with the legacy's answer
 * `asReceived` for REST. What the typed schema cannot show as the legacy wrote it is a problem:
 * an amount finer than the currency's minor unit, a distance past GraphQL's Int. Distances are
 * rounded to whole metres (the schema's unit), which changes nothing a client relies on.
 */
export function toGatewayOrder(legacy: LegacyOrder, ownerSubject: string, asReceived: string, currency: string): GatewayOrderReading {
  const problems: SpecProblem[] = [];
  const amount = (field: string, value: number) => {
    const minor = minorUnits(value, currency);
    if (minor === undefined) problems.push({ field, reason: `must be a whole number of ${currency}'s minor unit` });
    return minor ?? 0;
  };
  const metres = (field: string, value: number) => {
    const rounded = Math.round(value);
    if (rounded > MAX_INT) problems.push({ field, reason: `must be at most ${MAX_INT} metres` });
    return rounded;
  };
  const amounts = {
    total: amount('totalAmount', legacy.amounts.total),
    partner: amount('partnerAmount', legacy.amounts.partner),
    platform: amount('platformAmount', legacy.amounts.platform),
  };
  if (problems.length === 0 && amounts.total !== amounts.partner + amounts.platform) {
    problems.push({ field: 'totalAmount', reason: 'must be partnerAmount + platformAmount exactly' });
  }
  const distanceMetres = metres('distance', legacy.distanceMetres);
  const partnerDistanceMetres = metres('partnerDistance', legacy.partnerDistanceMetres);
  if (problems.length > 0) return { ok: false, problems };

  const partnerId = legacy.partner?.id;
  const idText = typeof partnerId === 'string' || typeof partnerId === 'number' ? String(partnerId) : null;
  return {
    ok: true,
    order: {
      id: legacy.id,
      ownerSubject,
      status: legacy.status,
      pendingStatus: legacy.pendingStatus,
      // The legacy's payment is its own: no reference of ours, no operator quoted by us.
      paymentReference: '',
      paymentUrl: legacy.paymentUrl,
      origin: legacy.origin,
      destination: legacy.destination,
      originTitle: legacy.originTitle,
      destinationTitle: legacy.destinationTitle,
      serviceCode: legacy.serviceCode,
      vehicleIdentification: legacy.vehicleIdentification,
      distanceMetres,
      durationSeconds: legacy.durationSeconds,
      amounts,
      currency,
      partnerDistanceMetres,
      partnerDurationSeconds: legacy.partnerDurationSeconds,
      quotedOperatorId: '',
      clientName: legacy.clientName,
      clientPhone: legacy.clientPhone,
      // The legacy does not document its partner's fields: its id, when it has one.
      partnerId: idText,
      createdAt: new Date(legacy.createdAt),
      updatedAt: new Date(legacy.updatedAt),
      // The legacy's order as it answered its creation: no change of it is seen here.
      version: 1,
      pausedPendingStatus: null,
      providerPaymentId: null,
      refundAmount: null,
      partner: idText === null ? null : partnerOf(idText, legacy.partner!),
      asReceived,
    },
  };
}

/**
 * The legacy's partner as a native one, when it carries every field of one under the same
 * names (id, name, phone, latitude, longitude); else none (its id stays in partnerId, and REST passes the legacy's object on as written).
 */
function partnerOf(id: string, partner: Record<string, unknown>): OrderPartner | null {
  const { name, phone, latitude, longitude } = partner;
  if (typeof name !== 'string' || typeof phone !== 'string' || typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  return { id, name, phone, position: { latitude, longitude } };
}
