import { BrokenCircuitError, CircuitState, ConsecutiveBreaker, circuitBreaker, handleWhen, IsolatedCircuitError } from 'cockatiel';
import type { Point } from '../domain/order.js';
import { NoRouteError, RoutingUnavailableError, type Route, type RoutingProvider } from '../domain/routing.js';

export interface BreakerOptions {
  /** Consecutive failures (errors, or calls aborted at the deadline) that open the circuit. */
  consecutiveFailures?: number;
  /** How long the circuit stays open before one call is let through to probe the provider. */
  halfOpenAfterMs?: number;
}

export type BreakerState = 'closed' | 'open' | 'half_open' | 'isolated';

export const DEFAULT_BREAKER_FAILURES = 5;
export const DEFAULT_BREAKER_HALF_OPEN_MS = 10_000;

const STATES: Record<CircuitState, BreakerState> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half_open',
  [CircuitState.Isolated]: 'isolated',
};

/**
 * A circuit breaker (cockatiel) around a provider. While the provider keeps failing, or keeps
 * being too slow for the leg deadline, calls fail at once with RoutingUnavailableError instead
 * of each order waiting out the deadline; after `halfOpenAfterMs` one call probes it, and a
 * success closes the circuit. "No route" is an answer, not a failure, and counts for nothing.
 */
export function resilientRouting(
  provider: RoutingProvider,
  options: BreakerOptions = {},
): RoutingProvider & { state(): BreakerState } {
  const breaker = circuitBreaker(
    handleWhen((error) => !(error instanceof NoRouteError)),
    {
      halfOpenAfter: options.halfOpenAfterMs ?? DEFAULT_BREAKER_HALF_OPEN_MS,
      breaker: new ConsecutiveBreaker(options.consecutiveFailures ?? DEFAULT_BREAKER_FAILURES),
    },
  );

  async function route(from: Point, to: Point, signal: AbortSignal): Promise<Route> {
    try {
      // The caller's signal, not cockatiel's: the provider must stop at the leg's deadline.
      return await breaker.execute(() => provider.route(from, to, signal));
    } catch (error) {
      if (error instanceof BrokenCircuitError || error instanceof IsolatedCircuitError) {
        throw new RoutingUnavailableError({ cause: error });
      }
      throw error;
    }
  }

  return { route, state: () => STATES[breaker.state] };
}
