import { NoOperatorAvailableError } from '../../platform/errors.js';
import { priceService, type PricingPolicy } from './pricing.js';
import { createLegEstimator, type LegEstimate, type LegEstimator } from './routing.js';
import type { TravelModel } from './travel.js';
import type { OperatorLocator } from './operator-locator.js';
import type { EstimateSource, NewOrder, Point } from './order.js';
import type { OrderRequest } from './order-request.js';

export interface OrderPolicy {
  travel: TravelModel;
  pricing: PricingPolicy;
  dispatchRadiusMetres: number;
}

/** What an order would take and cost, in the units the order keeps them: its figures before it is made. */
export type Quote = Pick<
  NewOrder,
  'distanceMetres' | 'durationSeconds' | 'amounts' | 'currency' | 'partnerDistanceMetres' | 'partnerDurationSeconds'
> & { estimateSource: EstimateSource };

/** A quote, and the operator whose approach it estimates. */
export interface Estimate extends Quote {
  quotedOperatorId: string;
}

export interface EstimatorDeps {
  operators: OperatorLocator;
  policy: OrderPolicy;
  /** Estimates a leg (trip, approach); by default the great circle times the circuity factor. */
  legs?: LegEstimator;
}

/** Answers at once, without a promise, when no leg waits for a routing provider. */
export type Estimator = (request: OrderRequest) => Estimate | Promise<Estimate>;

const sameSpot = (a: Point, b: Point) => a.latitude === b.latitude && a.longitude === b.longitude;

/**
 * The estimate of the order a valid request asks for: the nearest available operator, the trip
 * and that operator's approach, the price of the trip. Quotes and orders both come from here, so
 * an order made right after a quote of the same request carries the quote's figures (the routing
 * provider's answers are cached for it, see src/orders/routing/cached.ts). Refused with
 * NoOperatorAvailableError when no operator could take it.
 */
export function createEstimator({ operators, policy, legs: given }: EstimatorDeps): Estimator {
  const legs = given ?? createLegEstimator({ provider: null, deadlineMs: 0, travel: policy.travel });

  /**
   * An on-site service (no destination but the origin) has no trip. The estimate is `road` only
   * when every leg was routed by road.
   */
  function estimateOf(request: OrderRequest, quotedOperatorId: string, trip: LegEstimate | null, approach: LegEstimate): Estimate {
    const routed = trip ? [trip, approach] : [approach];
    const estimateSource: EstimateSource = routed.every((leg) => leg.source === 'road') ? 'road' : 'great_circle';
    const distanceMetres = trip?.distanceMetres ?? 0;
    return {
      distanceMetres,
      durationSeconds: trip?.durationSeconds ?? 0,
      amounts: priceService(request.serviceCode, distanceMetres, policy.pricing),
      currency: policy.pricing.currency,
      partnerDistanceMetres: approach.distanceMetres,
      partnerDurationSeconds: approach.durationSeconds,
      estimateSource,
      quotedOperatorId,
    };
  }

  return function estimate(request) {
    const operator = operators.nearestAvailable(request.origin, request.serviceCode, policy.dispatchRadiusMetres);
    if (!operator) throw new NoOperatorAvailableError();
    // The two legs are estimated together.
    const trip = sameSpot(request.origin, request.destination) ? null : legs(request.origin, request.destination);
    const approach = legs(operator.position, request.origin);
    if (trip instanceof Promise || approach instanceof Promise) {
      return Promise.all([trip, approach]).then(([t, a]) => estimateOf(request, operator.id, t, a));
    }
    return estimateOf(request, operator.id, trip, approach);
  };
}
