import { DeadlineError, withinDeadline } from '../deadline.js';
import { NoOperatorAvailableError, OrderOutcomeUnknownError, PaymentProviderError } from '../errors.js';
import type { TravelModel } from '../estimate/travel.js';
import type { Fulfilment } from './fulfilment.js';
import { SERVICE_NAMES, type EstimateSource, type NewOrder, type Order, type Point } from './order.js';
import type { OrderRequest } from './order-request.js';
import type { OperatorLocator } from '../operators/ports.js';
import type { PaymentLink, PaymentLinkRequest, PaymentProvider } from '../payments/ports.js';
import type { Caller, OrderStore } from './ports.js';
import { priceService, type PricingPolicy } from '../estimate/pricing.js';
import { createLegEstimator, type LegEstimate, type LegEstimator } from '../estimate/routing.js';

export interface OrderPolicy {
  travel: TravelModel;
  pricing: PricingPolicy;
  dispatchRadiusMetres: number;
}

export interface NativeFulfilmentDeps {
  orders: OrderStore;
  operators: OperatorLocator;
  payments: PaymentProvider;
  policy: OrderPolicy;
  clock: () => Date;
  newPaymentReference: () => string;
  /** Estimates a leg (trip, approach); by default the great circle times the circuity factor. */
  legs?: LegEstimator;
  /** How long the provider has to make a payment link before the order is refused. */
  paymentDeadlineMs?: number;
  /** How long a payment link stays payable; unset: it does not expire. */
  paymentLinkTtlMs?: number;
}

export const DEFAULT_PAYMENT_DEADLINE_MS = 5_000;

const sameSpot = (a: Point, b: Point) => a.latitude === b.latitude && a.longitude === b.longitude;

/** The service's own way to make an order: its roster, tariffs, payment provider and store. */
export function createNativeFulfilment(deps: NativeFulfilmentDeps): Fulfilment & {
  findByPaymentReference(reference: string): Promise<Order | null>;
} {
  const { policy } = deps;
  const legs = deps.legs ?? createLegEstimator({ provider: null, deadlineMs: 0, travel: policy.travel });
  const paymentDeadlineMs = deps.paymentDeadlineMs ?? DEFAULT_PAYMENT_DEADLINE_MS;

  /**
   * The trip and the operator's approach, estimated together. An on-site service (no
   * destination but the origin) has no trip to estimate. The order's estimate is `road` only
   * when every leg was routed by road.
   */
  function estimateLegs(request: OrderRequest, operatorPosition: Point) {
    const onSite = sameSpot(request.origin, request.destination);
    const trip = onSite ? null : legs(request.origin, request.destination);
    const approach = legs(operatorPosition, request.origin);
    // Without a routing provider both legs are known at once: no promise to wait for.
    if (trip instanceof Promise || approach instanceof Promise) {
      return Promise.all([trip, approach]).then(([t, a]) => estimateOf(t, a));
    }
    return estimateOf(trip, approach);
  }

  function estimateOf(trip: LegEstimate | null, approach: LegEstimate) {
    const routed = trip ? [trip, approach] : [approach];
    const estimateSource: EstimateSource = routed.every((leg) => leg.source === 'road') ? 'road' : 'great_circle';
    return { trip: trip ?? { distanceMetres: 0, durationSeconds: 0 }, approach, estimateSource };
  }

  async function requestPaymentLink(request: PaymentLinkRequest): Promise<PaymentLink> {
    try {
      return await withinDeadline(paymentDeadlineMs, (signal) => deps.payments.createPaymentLink(request, signal));
    } catch (cause) {
      // Cut off at the deadline, the provider may still make the link: void it. (A link that was
      // never handed out cannot be paid; voiding it keeps the provider's list clean.)
      if (cause instanceof DeadlineError) voidLink(request.reference);
      throw new PaymentProviderError({ cause });
    }
  }

  function voidLink(reference: string, linkId?: string): Promise<void> {
    return Promise.resolve()
      .then(() => deps.payments.cancelPaymentLink(reference, linkId))
      .catch(() => undefined);
  }

  /**
   * Validate, find the nearest available operator, estimate and price the trip, get a payment
   * link, store the order. A link is only handed out with a stored order: when the store fails,
   * the link is voided and the error goes up; but not when the order may have been stored.
   */
  async function fulfil(caller: Caller, request: OrderRequest, idempotencyKey?: string): Promise<Order> {
    const operator = deps.operators.nearestAvailable(request.origin, request.serviceCode, policy.dispatchRadiusMetres);
    if (!operator) throw new NoOperatorAvailableError();

    const estimated = estimateLegs(request, operator.position);
    const { trip, approach, estimateSource } = estimated instanceof Promise ? await estimated : estimated;
    const now = deps.clock();
    const paymentReference = deps.newPaymentReference();
    const paymentExpiresAt = deps.paymentLinkTtlMs ? new Date(now.getTime() + deps.paymentLinkTtlMs) : null;
    // The order whole, its payment link filled in once there is one: built once, not copied.
    const order: NewOrder = {
      ownerSubject: caller.subject,
      status: 'pending',
      pendingStatus: 'pending_payment',
      paymentReference,
      origin: request.origin,
      destination: request.destination,
      originTitle: request.originTitle,
      destinationTitle: request.destinationTitle,
      serviceCode: request.serviceCode,
      vehicleIdentification: request.vehicleIdentification,
      distanceMetres: trip.distanceMetres,
      durationSeconds: trip.durationSeconds,
      amounts: priceService(request.serviceCode, trip.distanceMetres, policy.pricing),
      currency: policy.pricing.currency,
      partnerDistanceMetres: approach.distanceMetres,
      partnerDurationSeconds: approach.durationSeconds,
      quotedOperatorId: operator.id,
      clientName: request.clientName ?? (caller.name || null),
      clientPhone: request.phoneNumber,
      partnerId: null,
      createdAt: now,
      updatedAt: now,
      estimateSource,
      paymentExpiresAt,
      paymentUrl: '',
      paymentLinkId: null,
    };

    const link = await requestPaymentLink({
      reference: paymentReference,
      amount: order.amounts.total,
      currency: order.currency,
      // No plate or phone: the provider has no need of personal data.
      description: `Asistencia en ruta: ${SERVICE_NAMES[order.serviceCode]}`,
      ...(paymentExpiresAt ? { expiresAt: paymentExpiresAt } : {}),
    });
    order.paymentUrl = link.url;
    order.paymentLinkId = link.linkId ?? null;
    try {
      return await deps.orders.insert(order, idempotencyKey);
    } catch (error) {
      if (!(error instanceof OrderOutcomeUnknownError)) await voidLink(paymentReference, link.linkId);
      throw error;
    }
  }

  return {
    fulfil,
    find: (caller, id) => deps.orders.findById(id, caller.subject),
    findByPaymentReference: (reference) => deps.orders.findByPaymentReference(reference),
  };
}
