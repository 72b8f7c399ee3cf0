import { NoOperatorAvailableError, OrderOutcomeUnknownError, PaymentProviderError } from './errors.js';
import { estimateTravel, type TravelModel } from './estimate.js';
import type { Fulfilment } from './fulfilment.js';
import { SERVICE_NAMES, type NewOrder, type Order } from './order.js';
import type { OrderRequest } from './order-request.js';
import type { Caller, OperatorLocator, OrderStore, PaymentProvider } from './ports.js';
import { priceService, type PricingPolicy } from './pricing.js';

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
}

/** The service's own way to make an order: its roster, tariffs, payment provider and store. */
export function createNativeFulfilment(deps: NativeFulfilmentDeps): Fulfilment & {
  findByPaymentReference(reference: string): Promise<Order | null>;
} {
  const { policy } = deps;
  async function requestPaymentLink(reference: string, order: Omit<NewOrder, 'paymentUrl'>): Promise<string> {
    try {
      const link = await deps.payments.createPaymentLink({
        reference,
        amount: order.amounts.total,
        currency: order.currency,
        // No plate or phone: the provider has no need of personal data.
        description: `Asistencia en ruta: ${SERVICE_NAMES[order.serviceCode]}`,
      });
      return link.url;
    } catch (cause) {
      throw new PaymentProviderError({ cause });
    }
  }

  /**
   * Validate, find the nearest available operator, estimate and price the trip, get a payment
   * link, store the order. A link is only handed out with a stored order: when the store fails,
   * the link is voided and the error goes up; but not when the order may have been stored.
   */
  async function fulfil(caller: Caller, request: OrderRequest, idempotencyKey?: string): Promise<Order> {
    const operator = deps.operators.nearestAvailable(request.origin, request.serviceCode, policy.dispatchRadiusMetres);
    if (!operator) throw new NoOperatorAvailableError();

    const trip = estimateTravel(request.origin, request.destination, policy.travel);
    const approach = estimateTravel(operator.position, request.origin, policy.travel);
    const now = deps.clock();
    const paymentReference = deps.newPaymentReference();
    const draft = {
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
    } satisfies Omit<NewOrder, 'paymentUrl'>;

    const paymentUrl = await requestPaymentLink(paymentReference, draft);
    try {
      return await deps.orders.insert({ paymentUrl, ...draft }, idempotencyKey);
    } catch (error) {
      if (!(error instanceof OrderOutcomeUnknownError)) {
        await Promise.resolve()
          .then(() => deps.payments.cancelPaymentLink(paymentReference))
          .catch(() => undefined);
      }
      throw error;
    }
  }

  return {
    fulfil,
    find: (caller, id) => deps.orders.findById(id, caller.subject),
    findByPaymentReference: (reference) => deps.orders.findByPaymentReference(reference),
  };
}
