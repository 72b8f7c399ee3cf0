import { BrokenCircuitError, circuitBreaker, CircuitState, ConsecutiveBreaker, handleWhenResult, IsolatedCircuitError } from 'cockatiel';
import type { PostOutcome } from '../domain/ports.js';

export interface EndpointBreakerSettings {
  /** Failed tries in a row (no answer, or not 2xx) that open an endpoint's breaker. */
  consecutiveFailures: number;
  /** How long it stays open before one try goes through as a probe. */
  halfOpenAfterMs: number;
}

// Five in a row is a receiver that is down, not one bad request; its other deliveries then wait
// half a minute untried instead of each spending a connection attempt and a deadline on it.
export const DEFAULT_ENDPOINT_BREAKER: EndpointBreakerSettings = { consecutiveFailures: 5, halfOpenAfterMs: 30_000 };

const failed = (outcome: PostOutcome) =>
  outcome.kind === 'failed' || (outcome.kind === 'answered' && (outcome.status < 200 || outcome.status >= 300));

/** One circuit breaker per endpoint (cockatiel), made when the endpoint is first called. */
export function createEndpointBreakers(settings: EndpointBreakerSettings = DEFAULT_ENDPOINT_BREAKER) {
  const breakers = new Map<string, ReturnType<typeof circuitBreaker>>();
  const open: PostOutcome = { kind: 'breaker-open', retryInMs: settings.halfOpenAfterMs };

  function breakerOf(endpointId: string) {
    let breaker = breakers.get(endpointId);
    if (!breaker) {
      breaker = circuitBreaker(handleWhenResult((outcome) => failed(outcome as PostOutcome)), {
        halfOpenAfter: settings.halfOpenAfterMs,
        breaker: new ConsecutiveBreaker(settings.consecutiveFailures),
      });
      breakers.set(endpointId, breaker);
    }
    return breaker;
  }

  /** Runs the try unless the endpoint's breaker is open; the try answers an outcome, never throws. */
  return async function run(endpointId: string, call: () => Promise<PostOutcome>): Promise<PostOutcome> {
    const breaker = breakerOf(endpointId);
    // While a probe runs the others do not queue behind it: they wait for their next turn.
    if (breaker.state === CircuitState.HalfOpen) return open;
    try {
      return await breaker.execute(call);
    } catch (error) {
      if (error instanceof BrokenCircuitError || error instanceof IsolatedCircuitError) return open;
      throw error;
    }
  };
}
