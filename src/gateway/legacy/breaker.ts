import {
  BrokenCircuitError,
  circuitBreaker,
  CircuitState,
  ConsecutiveBreaker,
  handleWhenResult,
  IsolatedCircuitError,
} from 'cockatiel';
import { isLegacyFailure, type LegacyOutcome } from '../domain/legacy-outcome.js';

/**
 * closed: calls go through. open: calls fail at once, without a connection. half-open: the
 * next call goes through as a probe (others fail at once while it runs) and its outcome closes
 * or opens the breaker again.
 */
export type BreakerState = 'closed' | 'open' | 'half-open';

export interface BreakerSettings {
  /** Consecutive failures (5xx, refused, reset, timeout) that open it; a 4xx is an answer. */
  consecutiveFailures: number;
  /** How long it stays open before it lets a probe through. */
  halfOpenAfterMs: number;
}

// Five in a row is not bad luck with one connection; ten seconds spares a legacy that is
// restarting a flood of calls and still finds it back soon after it is up.
export const DEFAULT_BREAKER: BreakerSettings = { consecutiveFailures: 5, halfOpenAfterMs: 10_000 };

const breakerOpen = (): LegacyOutcome => ({ kind: 'unavailable', mayHaveReached: false, reason: 'breaker-open' });

export function createBreaker(settings: BreakerSettings, onChange?: (state: BreakerState) => void) {
  const policy = circuitBreaker(handleWhenResult((outcome) => isLegacyFailure(outcome as LegacyOutcome)), {
    halfOpenAfter: settings.halfOpenAfterMs,
    breaker: new ConsecutiveBreaker(settings.consecutiveFailures),
  });
  let openedAt = 0;
  policy.onBreak(() => {
    openedAt = Date.now();
  });

  // cockatiel stays Open until a call comes after the delay; a probe is due from then on, and
  // /readyz must say so, or a readiness check that turns traffic away would keep it open forever.
  function state(): BreakerState {
    if (policy.state === CircuitState.Closed) return 'closed';
    if (policy.state === CircuitState.HalfOpen) return 'half-open';
    if (policy.state === CircuitState.Open && Date.now() - openedAt >= settings.halfOpenAfterMs) return 'half-open';
    return 'open';
  }
  if (onChange) policy.onStateChange(() => onChange(state()));

  /** Runs the call unless the breaker is open; the call must answer an outcome, never throw. */
  async function run(call: () => Promise<LegacyOutcome>): Promise<LegacyOutcome> {
    // cockatiel would queue calls behind a running probe; they fail at once instead, so that a
    // probe stuck until its deadline holds no one else up.
    if (policy.state === CircuitState.HalfOpen) return breakerOpen();
    try {
      return await policy.execute(call);
    } catch (error) {
      if (error instanceof BrokenCircuitError || error instanceof IsolatedCircuitError) return breakerOpen();
      throw error;
    }
  }

  return { run, state };
}
