import type { Order, OrderPartner } from './domain/order.js';
import type { Quote } from './domain/quote.js';
import { toMajorUnits } from './domain/pricing.js';

/**
 * The order itself, under a symbol: GraphQL reads from it what the legacy's fields do not show
 * (its payment state, which a frontend polls `order(id)` for; its history), while JSON.stringify
 * leaves symbol keys out, so REST keeps the legacy's fields. Set after the literal, and read only
 * when asked, since every REST answer makes a view.
 */
export const ORDER = Symbol('order');

const partnerView = (p: OrderPartner) => ({ id: p.id, name: p.name, phone: p.phone, latitude: p.position.latitude, longitude: p.position.longitude });

/** A quote's figures in the order's formats: what an order made from the same request would carry. */
export function toQuoteView(q: Quote) {
  const money = (minor: number) => toMajorUnits(minor, q.currency);
  return {
    distance: q.distanceMetres,
    duration: `${q.durationSeconds}s`,
    totalAmount: money(q.amounts.total),
    partnerAmount: money(q.amounts.partner),
    platformAmount: money(q.amounts.platform),
    currency: q.currency,
    partnerDistance: q.partnerDistanceMetres,
    partnerDuration: `${q.partnerDurationSeconds}s`,
    estimateSource: q.estimateSource,
  };
}

export type QuoteView = ReturnType<typeof toQuoteView>;

/**
 * The order as both edges show it: the legacy interface's field names and formats, plus
 * `currency`. REST sends it as JSON; the GraphQL Order type resolves its fields from it.
 */
export function toOrderView(o: Order) {
  const money = (minor: number) => toMajorUnits(minor, o.currency);
  const view = {
    id: o.id,
    status: o.status,
    pendingStatus: o.pendingStatus,
    paymentProviderReference: o.paymentUrl,
    originLatitude: o.origin.latitude,
    originLongitude: o.origin.longitude,
    destinationLatitude: o.destination.latitude,
    destinationLongitude: o.destination.longitude,
    originTitle: o.originTitle,
    destinationTitle: o.destinationTitle,
    serviceCode: o.serviceCode,
    vehicleIdentification: o.vehicleIdentification,
    duration: `${o.durationSeconds}s`,
    distance: o.distanceMetres,
    totalAmount: money(o.amounts.total),
    partnerAmount: money(o.amounts.partner),
    platformAmount: money(o.amounts.platform),
    currency: o.currency,
    partnerDistance: o.partnerDistanceMetres,
    partnerDuration: `${o.partnerDurationSeconds}s`,
    clientName: o.clientName,
    clientPhone: o.clientPhone,
    partner: o.partner && partnerView(o.partner),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    // Beyond the legacy's fields, each appended at the end, where a legacy integrator reading
    // the fields it knows never meets them: how the estimate was made, and where the payment
    // stands (a cancelled paid order's refund among it), in REST's lower-case values.
    estimateSource: o.estimateSource ?? 'great_circle',
    paymentStatus: o.paymentStatus ?? 'pending',
  };
  const withOrder = view as typeof view & { [ORDER]: Order };
  withOrder[ORDER] = o;
  return withOrder;
}

export type OrderView = ReturnType<typeof toOrderView>;

/**
 * Gateway mode's REST answer: the legacy's order exactly as the legacy wrote it, every byte, and
 * appended at the end of its object the keys every native REST answer carries when it lacks them:
 * the payment URL under `paymentProviderReference` (the legacy writes it under its provider's
 * name) and `currency`. A legacy integrator reads what it always read; those keys are there too.
 */
export function toLegacyAnswer(o: Order, asReceived: string): string {
  const written = JSON.parse(asReceived) as object;
  let missing = '';
  if (!Object.hasOwn(written, 'paymentProviderReference')) missing += `,"paymentProviderReference":${JSON.stringify(o.paymentUrl)}`;
  if (!Object.hasOwn(written, 'currency')) missing += `,"currency":${JSON.stringify(o.currency)}`;
  if (!missing) return asReceived;
  // The answer was read as a JSON object: its last '}' closes it.
  const end = asReceived.lastIndexOf('}');
  return `${asReceived.slice(0, end)}${missing}${asReceived.slice(end)}`;
}
