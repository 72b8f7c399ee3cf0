import { DeadlineError, withinDeadline } from '../../platform/deadline.js';
import { OrderOutcomeUnknownError, PaymentProviderError } from '../../platform/errors.js';
import type { Fulfilment } from './fulfilment.js';
import { SERVICE_NAMES, type NewOrder, type Order } from './order.js';
import type { OrderRequest } from './order-request.js';
import type { PaymentLink, PaymentLinkRequest, PaymentLinks } from './payment-links.js';
import type { Caller, OrderHistory, OrderStore } from './ports.js';
import { createEstimator, type EstimatorDeps } from './quote.js';

export interface NativeFulfilmentDeps extends EstimatorDeps {
  orders: OrderStore;
  /** The orders' events, read as their history. */
  events: OrderHistory;
  payments: PaymentLinks;
  clock: () => Date;
  newPaymentReference: () => string;
  /** How long the provider has to make a payment link before the order is refused. */
  paymentDeadlineMs?: number;
  /** How long a payment link stays payable; unset: it does not expire. */
  paymentLinkTtlMs?: number;
}

export const DEFAULT_PAYMENT_DEADLINE_MS = 5_000;

/** The service's own way to make an order: its roster, tariffs, payment provider and store. */
export function createNativeFulfilment(deps: NativeFulfilmentDeps): Fulfilment & {
  findByPaymentReference(reference: string): Promise<Order | null>;
} {
  const estimate = createEstimator(deps);
  const paymentDeadlineMs = deps.paymentDeadlineMs ?? DEFAULT_PAYMENT_DEADLINE_MS;

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
   * Estimate (the nearest available operator, the trip and its price: see quote.ts), get a
   * payment link, store the order. A link is only handed out with a stored order: when the store
   * fails, the link is voided and the error goes up; but not when the order may have been stored.
   */
  async function fulfil(caller: Caller, request: OrderRequest, idempotencyKey?: string): Promise<Order> {
    const estimated = estimate(request);
    const quote = estimated instanceof Promise ? await estimated : estimated;
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
      distanceMetres: quote.distanceMetres,
      durationSeconds: quote.durationSeconds,
      amounts: quote.amounts,
      currency: quote.currency,
      partnerDistanceMetres: quote.partnerDistanceMetres,
      partnerDurationSeconds: quote.partnerDurationSeconds,
      quotedOperatorId: quote.quotedOperatorId,
      clientName: request.clientName ?? (caller.name || null),
      clientPhone: request.phoneNumber,
      partnerId: null,
      createdAt: now,
      updatedAt: now,
      estimateSource: quote.estimateSource,
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
    list: (caller, page) => deps.orders.listByOwner(caller.subject, page),
    quote: async (request) => estimate(request),
    history: (order) => deps.events.history(order.id),
  };
}
