import type { LegEstimator } from '../../orders/domain/routing.js';
import { OperatorNotFoundError } from '../../platform/errors.js';
import type { Operator } from '../../operators/domain/operator.js';
import { parseOrderId } from '../../orders/domain/order-request.js';
import type { Actor } from '../../orders/domain/actors.js';
import type { Dispatch } from './dispatch.js';
import { OfferUnavailableError, OperatorUnavailableError } from './errors.js';
import { OrderNotFoundError } from '../../platform/errors.js';
import type { Lifecycle, MoveResult } from './lifecycle.js';
import type { Approach, LifeRecord, OfferView, WaitingOffer } from './ports.js';
import { REPORTS, type ReportedStep } from './transitions.js';

/** The steps an operator reports, as the operators' app names them (GraphQL's `OrderStep`), each with its transition. */
export const ORDER_STEPS = REPORTS;
export type OrderStep = ReportedStep;

export interface LifeOperationsDeps {
  lifecycle: Lifecycle;
  dispatch: Dispatch;
  /** The roster's operators: the one the platform assigns, and where an operator taking an order is. */
  findOperator: (id: string) => Promise<Operator | null>;
  /** A leg by road, with its fallback: an operator's way to the car. */
  legs: LegEstimator;
}

/**
 * What each party may do to an order after its creation, in the parties' own terms: an owner
 * cancels its own order; an operator answers its offers and reports its progress on its own
 * order; the platform assigns, pauses, resumes, closes and cancels any order. An order a party
 * may not touch is, to it, not found.
 */
export function createLifeOperations(deps: LifeOperationsDeps) {
  const { lifecycle, dispatch } = deps;
  const reasonOf = (reason: string | null | undefined) => (reason?.trim() ? reason.trim().slice(0, 500) : null);

  const owner = (subject: string): Actor => ({ kind: 'owner', id: subject });
  const operator = (id: string): Actor => ({ kind: 'operator', id });
  const platform = (subject: string): Actor => ({ kind: 'platform', id: subject });

  /**
   * The way to the car of the operator taking the order, from its last reported position: the
   * order was quoted with the nearest operator's, and another may take it. None for an operator
   * the roster does not know.
   */
  async function wayToCar(operator: Operator | null, order: LifeRecord): Promise<Approach | null> {
    if (!operator) return null;
    const { distanceMetres, durationSeconds } = await deps.legs(operator.position, order.origin);
    return { distanceMetres, durationSeconds };
  }

  return {
    cancelByOwner: (subject: string, orderId: unknown, reason?: string | null): Promise<MoveResult> =>
      lifecycle.move(parseOrderId(orderId), 'cancel', owner(subject), {
        reason: reasonOf(reason),
        visible: (o) => o.ownerSubject === subject,
      }),

    /**
     * To an operator, an order it was not given is its offer and nothing more: once that is gone
     * (taken by another, paused, cancelled, never made), the answer is that the offer is, not
     * where the order stands nor whether it exists.
     */
    async acceptOffer(operatorId: string, orderId: unknown): Promise<MoveResult> {
      const id = parseOrderId(orderId);
      const visible = (o: LifeRecord) => o.step === 'pending_partner' || o.partnerId === operatorId;
      const approach = async (order: LifeRecord) => wayToCar(await deps.findOperator(operatorId), order);
      return lifecycle.move(id, 'accept', operator(operatorId), { visible, approach }).catch((error: unknown) => {
        throw error instanceof OrderNotFoundError ? new OfferUnavailableError(id) : error;
      });
    },

    declineOffer: (operatorId: string, orderId: unknown): Promise<void> => dispatch.decline(operatorId, parseOrderId(orderId)),

    advance: (operatorId: string, orderId: unknown, to: OrderStep): Promise<MoveResult> =>
      lifecycle.move(parseOrderId(orderId), ORDER_STEPS[to], operator(operatorId), {
        visible: (o: LifeRecord) => o.partnerId === operatorId,
      }),

    offersOf: (operatorId: string): Promise<OfferView[]> => dispatch.offersOf(operatorId),

    /** The platform's view of dispatch: the offer each order waits on. */
    offersFor: (orderIds: readonly number[]): Promise<OfferView[]> => dispatch.offersFor(orderIds),

    /** The platform's view of dispatch across every order: the offers waiting now. */
    waitingOffers: (limit: number): Promise<WaitingOffer[]> => dispatch.waiting(limit),

    /** The platform hands the order to an operator of its choosing, bypassing offers. */
    async assign(subject: string, orderId: unknown, operatorId: string, reason?: string | null): Promise<MoveResult> {
      const id = parseOrderId(orderId);
      const chosen = await deps.findOperator(operatorId);
      if (!chosen) throw new OperatorNotFoundError(operatorId);
      const order = await lifecycle.load(id);
      if (order && order.partnerId !== operatorId && (!chosen.onDuty || !chosen.services.includes(order.serviceCode))) {
        throw new OperatorUnavailableError(operatorId);
      }
      const approach = (taken: LifeRecord) => wayToCar(chosen, taken);
      return lifecycle.move(id, 'assign', platform(subject), { operatorId, reason: reasonOf(reason), approach });
    },

    byPlatform: (subject: string, orderId: unknown, change: 'pause' | 'resume' | 'close' | 'cancel', reason?: string | null) =>
      lifecycle.move(parseOrderId(orderId), change, platform(subject), { reason: reasonOf(reason) }),
  };
}

export type LifeOperations = ReturnType<typeof createLifeOperations>;
