import type { OperatorIndex } from '../../operators/domain/ports.js';
import { OfferUnavailableError } from './errors.js';
import type { Dispatched, DispatchStore, LifecycleStore, OfferOutcome, OfferView, WaitingOffer } from './ports.js';

export interface DispatchPolicy {
  radiusMetres: number;
  offerTimeoutMs: number;
  /** When no operator can be asked, how soon to look again (one may come free or on duty). */
  retryMs: number;
}

export interface DispatchDeps {
  store: DispatchStore;
  orders: Pick<LifecycleStore, 'load'>;
  roster: Pick<OperatorIndex, 'nearest'>;
  policy: DispatchPolicy;
  clock: () => Date;
}

// Enough of the nearest to find one free and not yet asked; the rest wait for the next round.
const CANDIDATES = 50;

/**
 * Offers a paid order to operators one at a time, nearest first: each offer waits its timeout,
 * and a declined or expired one passes to the next nearest not yet asked. The store decides
 * under the order's lock, so instances dispatching the same order at once make one offer.
 */
export function createDispatch(deps: DispatchDeps) {
  const { store, policy, clock } = deps;

  /**
   * Offers the order to the nearest operator free and not yet asked. Given the order itself (by
   * the change that put it up for offers) rather than its id, it is not read again: the store
   * checks under the order's lock that it is still to be offered.
   */
  async function dispatch(orderOrId: number | Dispatched): Promise<OfferOutcome> {
    const order = typeof orderOrId === 'number' ? await toOffer(orderOrId) : orderOrId;
    if (!order) return { kind: 'not_dispatching' };
    const now = clock();
    const candidates = deps.roster.nearest(order.origin, order.serviceCode, policy.radiusMetres, CANDIDATES).map((o) => o.id);
    const at = (ms: number) => new Date(now.getTime() + ms);
    return store.offerNext(order.id, candidates, now, at(policy.offerTimeoutMs), at(policy.retryMs));
  }

  async function toOffer(orderId: number): Promise<Dispatched | null> {
    const order = await deps.orders.load(orderId);
    return order?.step === 'pending_partner' ? order : null;
  }

  /**
   * The operator turns the offer down: the order goes to the next nearest at once. Declined again
   * (a retry from a phone that did not hear the answer), it succeeds and changes nothing.
   */
  async function decline(operatorId: string, orderId: number): Promise<void> {
    const outcome = await store.decline(orderId, operatorId, clock());
    if (outcome === 'unavailable') throw new OfferUnavailableError(orderId);
    if (outcome === 'declined') await dispatch(orderId);
  }

  function offersOf(operatorId: string): Promise<OfferView[]> {
    return store.openOffers(operatorId, clock());
  }

  /** The offer each order is waiting on now, if any: whom it is offered to and until when. */
  function offersFor(orderIds: readonly number[]): Promise<OfferView[]> {
    return orderIds.length ? store.openOffersOf(orderIds, clock()) : Promise.resolve([]);
  }

  /** Up to `limit` of the offers waiting now on every order, soonest to lapse first, each with its order. */
  function waiting(limit: number): Promise<WaitingOffer[]> {
    return store.waitingOffers(clock(), limit);
  }

  return { dispatch, decline, offersOf, offersFor, waiting };
}

export type Dispatch = ReturnType<typeof createDispatch>;
