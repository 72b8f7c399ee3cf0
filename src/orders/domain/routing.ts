import { estimateTravel, type Travel, type TravelModel } from './travel.js';
import { greatCircleMetres } from './geo.js';
import type { EstimateSource, Point } from './order.js';

/** A road route as a provider answers it: metres and seconds, not yet rounded. */
export interface Route {
  distanceMetres: number;
  durationSeconds: number;
}

/** Road routing, as the core needs it. The call must stop when `signal` aborts. */
export interface RoutingProvider {
  route(from: Point, to: Point, signal: AbortSignal): Promise<Route>;
}

/** The provider answered, and there is no road between the two points. */
export class NoRouteError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('no road route between the points', options);
  }
}

/** The provider is known to be down (its circuit is open) and was not asked. */
export class RoutingUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('the routing provider is unavailable', options);
  }
}



/** Why a leg fell back to the great-circle estimate although a provider is configured. */
export type FallbackReason = 'provider_failed' | 'provider_late' | 'provider_garbage' | 'provider_down' | 'no_route';

export interface LegEstimate extends Travel {
  source: EstimateSource;
  fallback?: FallbackReason;
  /**
   * The road answer was shorter than the great circle (the provider snaps both ends to the
   * nearest road) and was raised to it: an estimated trip is never shorter than the great circle.
   */
  clamped?: true;
}

export interface LegEstimatorDeps {
  /** null: no provider configured, every leg is the great-circle estimate. */
  provider: RoutingProvider | null;
  /** How long an estimate may wait for the provider before it falls back. */
  deadlineMs: number;
  travel: TravelModel;
  /** Told of every leg routed through the provider (not of great-circle legs without one), with its time. */
  observe?: (leg: LegEstimate, ms: number) => void;
}

/** Answers at once, without a promise, when there is no provider to wait for. */
export type LegEstimator = (from: Point, to: Point, signal?: AbortSignal) => LegEstimate | Promise<LegEstimate>;

/**
 * Estimates a leg by road when a provider answers a sane route within the deadline, else by
 * the great circle times the circuity factor. Never throws for the provider's sake: an order
 * is not refused because routing failed, it is priced on the fallback and says so.
 */
export function createLegEstimator({ provider, deadlineMs, travel, observe }: LegEstimatorDeps): LegEstimator {
  return (from, to, signal) => {
    const greatCircle = (fallback?: FallbackReason): LegEstimate =>
      fallback
        ? { source: 'great_circle', fallback, ...estimateTravel(from, to, travel) }
        : { source: 'great_circle', ...estimateTravel(from, to, travel) };
    if (!provider) return greatCircle();

    const started = observe ? performance.now() : 0;
    return routeWithin(provider, from, to, deadlineMs, signal).then((outcome) => {
      const leg =
        outcome.kind === 'answered'
          ? (toLeg(outcome.route, greatCircleMetres(from, to)) ?? greatCircle('provider_garbage'))
          : greatCircle(outcome.reason);
      observe?.(leg, performance.now() - started);
      return leg;
    });
  };
}

type Outcome = { kind: 'answered'; route: Route } | { kind: 'fallback'; reason: FallbackReason };

/** Asks the provider and aborts its call at the deadline (or when the caller gives up). */
function routeWithin(
  provider: RoutingProvider,
  from: Point,
  to: Point,
  deadlineMs: number,
  signal?: AbortSignal,
): Promise<Outcome> {
  const controller = new AbortController();
  return new Promise<Outcome>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (outcome: Outcome) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', late);
      resolve(outcome);
    };
    function late() {
      settle({ kind: 'fallback', reason: 'provider_late' });
      controller.abort(new Error(`no route within ${deadlineMs} ms`));
    }
    if (signal?.aborted) return late();
    timer = setTimeout(late, deadlineMs);
    signal?.addEventListener('abort', late, { once: true });

    Promise.resolve()
      .then(() => provider.route(from, to, controller.signal))
      .then(
        (route) => settle({ kind: 'answered', route }),
        (error: unknown) => settle({ kind: 'fallback', reason: reasonOf(error) }),
      );
  });
}

function reasonOf(error: unknown): FallbackReason {
  if (error instanceof NoRouteError) return 'no_route';
  if (error instanceof RoutingUnavailableError) return 'provider_down';
  return 'provider_failed';
}

const isMeasure = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;

/**
 * Whole metres (rounded up) and seconds, raised to the great circle when shorter, keeping the
 * route's average speed. Undefined when the answer cannot be a route: not numbers, negative,
 * moving without taking time, or no distance at all between two points a metre or more apart.
 */
function toLeg(route: Route, greatCircle: number): LegEstimate | undefined {
  const { distanceMetres, durationSeconds } = route;
  if (!isMeasure(distanceMetres) || !isMeasure(durationSeconds)) return undefined;
  if (distanceMetres > 0 && durationSeconds === 0) return undefined;
  const floor = Math.ceil(greatCircle);
  const metres = Math.ceil(distanceMetres);
  if (metres >= floor) return { source: 'road', distanceMetres: metres, durationSeconds: Math.round(durationSeconds) };
  // Under a metre apart is the same point for an estimate: there is nothing to scale.
  if (floor <= 1) return { source: 'road', distanceMetres: floor, durationSeconds: Math.round(durationSeconds) };
  if (distanceMetres === 0) return undefined;
  const scaled = Math.round((durationSeconds * floor) / distanceMetres);
  return { source: 'road', clamped: true, distanceMetres: floor, durationSeconds: scaled };
}
