import {
  OrderOutcomeUnknownError,
  IdempotencyKeyInUseError,
  IdempotencyKeyReusedError,
  InvalidInputError,
  NoOperatorAvailableError,
  PaymentProviderError,
} from './errors.js';
import { estimateTravel, type TravelModel } from './estimate.js';
import { MAX_IDEMPOTENCY_KEY_LENGTH, type IdempotencyStore, type IdempotentRequest } from './idempotency.js';
import { SERVICE_NAMES, type NewOrder, type Order } from './order.js';
import { parseOrderRequest, type OrderRequest } from './order-request.js';
import type { Caller, OperatorLocator, OrderStore, PaymentProvider } from './ports.js';
import { priceService, type PricingPolicy } from './pricing.js';

export interface OrderPolicy {
  travel: TravelModel;
  pricing: PricingPolicy;
  dispatchRadiusMetres: number;
}

export interface OrderServiceDeps {
  orders: OrderStore;
  operators: OperatorLocator;
  payments: PaymentProvider;
  idempotency: IdempotencyStore;
  policy: OrderPolicy;
  clock: () => Date;
  newPaymentReference: () => string;
}

export type OrderService = ReturnType<typeof createOrderService>;

export function createOrderService(deps: OrderServiceDeps) {
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
  async function createNew(caller: Caller, request: OrderRequest, idempotencyKey?: string): Promise<Order> {
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

  /**
   * Creates an order. With an Idempotency-Key, the first request with that key makes the order
   * and any repeat of it gets the same order back; a refused request leaves the key free, since
   * it made nothing. Invalid input is refused before the key is looked at, so it is never kept.
   */
  async function createOrder(caller: Caller, input: unknown, idempotent?: IdempotentRequest): Promise<Order> {
    const request = parseOrderRequest(input);
    if (!idempotent) return createNew(caller, request);

    const { key, fingerprint } = idempotent;
    if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
      throw new InvalidInputError('Idempotency-Key', `debe tener entre 1 y ${MAX_IDEMPOTENCY_KEY_LENGTH} caracteres`);
    }
    const claim = await deps.idempotency.claim(caller.subject, key, fingerprint, deps.clock());
    if (claim.kind === 'reused') throw new IdempotencyKeyReusedError();
    if (claim.kind === 'in-use') throw new IdempotencyKeyInUseError();
    if (claim.kind === 'done') {
      const order = await deps.orders.findById(claim.orderId, caller.subject);
      if (order) return order;
      throw new Error(`order ${claim.orderId} bound to an idempotency key is missing`);
    }
    try {
      return await createNew(caller, request, key);
    } catch (error) {
      // Only an order-less claim is released: an order stored before a failure keeps its key. One
      // that may have been stored keeps its claim, so that a retry finds it rather than makes another.
      if (!(error instanceof OrderOutcomeUnknownError)) await deps.idempotency.release(caller.subject, key).catch(() => undefined);
      throw error;
    }
  }

  function findOrder(caller: Caller, id: number): Promise<Order | null> {
    return deps.orders.findById(id, caller.subject);
  }

  function findOrderByPaymentReference(reference: string): Promise<Order | null> {
    return deps.orders.findByPaymentReference(reference);
  }

  return { createOrder, findOrder, findOrderByPaymentReference };
}
