import { InvalidInputError } from '../../platform/errors.js';
import { OrderNotFoundError } from '../../platform/errors.js';
import { parseOperatorId } from '../../operators/domain/input.js';
import type { MoveResult } from './lifecycle.js';
import type { LifeOperations, OrderStep } from './operations.js';
import type { OfferView, WaitingOffer } from './ports.js';
import type { Order } from '../../orders/domain/order.js';
import { parseOrderId } from '../../orders/domain/order-request.js';
import type { Caller, OrderStore } from '../../orders/domain/ports.js';
import { isStorableText } from '../../platform/text.js';

export type PlatformChange = 'pause' | 'resume' | 'close' | 'cancel';

/** An offer waiting for an operator's answer, with the whole order it is for. */
export interface OfferedOrder {
  order: Order;
  expiresAt: Date;
}

/**
 * What the faces ask of an order's life after its creation, each change answered with the order
 * as it is once made. `orderId` is as the client sent it; `reason` too, checked here.
 */
export interface OrderLife {
  /** The owner cancels its own order; `asPlatform`, the platform cancels any (refunded in full). */
  cancel(caller: Caller, orderId: unknown, reason: unknown, asPlatform: boolean): Promise<Order>;
  acceptOffer(operatorId: string, orderId: unknown): Promise<Order>;
  /** Answers the id of the order declined: the order itself is no longer the operator's to see. */
  declineOffer(operatorId: string, orderId: unknown): Promise<number>;
  advance(operatorId: string, orderId: unknown, to: OrderStep): Promise<Order>;
  offersOf(operatorId: string): Promise<OfferedOrder[]>;
  /** The offer each of the orders waits on now (absent: none), read at once for all of them. */
  currentOffers(orderIds: readonly number[]): Promise<Map<number, OfferView>>;
  /** The offers waiting now on every order, soonest to lapse first: `first` of them, 1 to 1000; 100 when left out. */
  waitingOffers(first?: number | null): Promise<WaitingOffer[]>;
  assign(subject: string, orderId: unknown, operatorId: string, reason?: unknown): Promise<Order>;
  byPlatform(subject: string, orderId: unknown, change: PlatformChange, reason?: unknown): Promise<Order>;
}

const MAX_REASON = 500;

// Open offers are one per operator on duty: a roster's worth fits in one answer.
const DEFAULT_WAITING = 100;
const MAX_WAITING = 1_000;

/** A reason as a client may give it: absent, or a text the store can keep, of a sensible length. */
function parseReason(reason: unknown): string | null {
  if (reason === undefined || reason === null) return null;
  if (typeof reason !== 'string' || reason.length > MAX_REASON || !isStorableText(reason)) {
    throw new InvalidInputError('reason', `debe ser un texto de hasta ${MAX_REASON} caracteres`);
  }
  return reason;
}

/** `parse`, its refusal naming the field as the faces' inputs do. */
function named<T>(field: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw error instanceof InvalidInputError ? error.renamed(field) : error;
  }
}

const parseId = (orderId: unknown): number => named('orderId', () => parseOrderId(orderId));

export function createOrderLife(deps: { operations: LifeOperations; orders: Pick<OrderStore, 'findAnyById'> }): OrderLife {
  const { operations } = deps;

  /** The order as it is now: after a change, or after a repeat that changed nothing. */
  async function orderOf(id: number): Promise<Order> {
    const order = await deps.orders.findAnyById(id);
    if (!order) throw new OrderNotFoundError(String(id));
    return order;
  }
  // A change answers with the order it read in its own transaction; a repeat reads it now.
  const answer = async (moved: Promise<MoveResult>) => {
    const { view, order } = await moved;
    return view ?? orderOf(order.id);
  };

  return {
    cancel: (caller, orderId, reason, asPlatform) => {
      const id = String(parseId(orderId));
      return answer(
        asPlatform
          ? operations.byPlatform(caller.subject, id, 'cancel', parseReason(reason))
          : operations.cancelByOwner(caller.subject, id, parseReason(reason)),
      );
    },
    acceptOffer: (operatorId, orderId) => answer(operations.acceptOffer(operatorId, String(parseId(orderId)))),
    async declineOffer(operatorId, orderId) {
      const id = parseId(orderId);
      await operations.declineOffer(operatorId, String(id));
      return id;
    },
    advance: (operatorId, orderId, to) => answer(operations.advance(operatorId, String(parseId(orderId)), to)),
    async offersOf(operatorId) {
      const offers = await operations.offersOf(operatorId);
      const orders = await Promise.all(offers.map((offer) => deps.orders.findAnyById(offer.orderId)));
      return offers.flatMap((offer, i) => (orders[i] ? [{ order: orders[i], expiresAt: offer.expiresAt }] : []));
    },
    async currentOffers(orderIds) {
      const offers = await operations.offersFor(orderIds);
      return new Map(offers.map((offer) => [offer.orderId, offer]));
    },
    waitingOffers(first) {
      const limit = first ?? DEFAULT_WAITING;
      if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_WAITING) {
        return Promise.reject(new InvalidInputError('first', `debe ser un entero entre 1 y ${MAX_WAITING}`));
      }
      return operations.waitingOffers(limit);
    },
    assign: (subject, orderId, operatorId, reason) => {
      const id = parseId(orderId);
      const chosen = named('operatorId', () => parseOperatorId({ id: operatorId }));
      return answer(operations.assign(subject, String(id), chosen, parseReason(reason)));
    },
    byPlatform: (subject, orderId, change, reason) =>
      answer(operations.byPlatform(subject, String(parseId(orderId)), change, parseReason(reason))),
  };
}
