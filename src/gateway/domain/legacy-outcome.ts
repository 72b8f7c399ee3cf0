import type { Correction, LegacyOrder, SpecProblem } from './legacy-order.js';

/** Whose Authorization went upstream: ORDERS_UPSTREAM_TOKEN, the caller's header, or none. */
export type Credentials = 'configured' | 'forwarded' | 'none';

/**
 * Everything one call to the legacy service can come to. `mayHaveReached` is false only when the
 * request certainly never reached the legacy (no byte of it was written): the caller may then
 * say that no order was made. Otherwise the legacy may have made one, and a POST there is not
 * idempotent, so the call is never repeated.
 */
export type LegacyOutcome =
  | {
      kind: 'order';
      mayHaveReached: true;
      /** The body exactly as the legacy wrote it, for REST to answer unchanged. */
      body: string;
      /** The same body, parsed: unknown fields and the provider-named key included. */
      json: Record<string, unknown>;
      order: LegacyOrder;
      /** Values read as the documented one they misspell: to be logged at warn and counted. */
      corrections: Correction[];
    }
  | { kind: 'no-operator'; mayHaveReached: true; message: string }
  /** Another 400, with the legacy's own message. */
  | { kind: 'rejected'; mayHaveReached: true; message: string }
  | { kind: 'unauthorized' | 'forbidden'; mayHaveReached: true; credentials: Credentials }
  | {
      kind: 'unavailable';
      mayHaveReached: boolean;
      /**
       * refused / dns / connection: no connection, nothing sent; reset: the connection was lost
       * once the request was on its way; status: the legacy answered 5xx; breaker-open: not
       * tried, the legacy has been failing.
       */
      reason: 'refused' | 'dns' | 'connection' | 'reset' | 'status' | 'breaker-open';
      status?: number;
      /** The network error's code or message, for the log. */
      detail?: string;
    }
  | { kind: 'timeout'; mayHaveReached: boolean }
  | {
      kind: 'bad-response';
      mayHaveReached: true;
      status: number;
      /** status: one the legacy's interface does not give; not-json: not UTF-8 JSON; not-an-order: see problems. */
      reason: 'status' | 'not-json' | 'not-an-order' | 'too-large' | 'no-message';
      problems?: SpecProblem[];
    };

export type LegacyOutcomeKind = LegacyOutcome['kind'];

/** What makes the breaker count a failure: the legacy is down or too slow, not a refusal. */
export const isLegacyFailure = (outcome: LegacyOutcome): boolean =>
  (outcome.kind === 'unavailable' && outcome.reason !== 'breaker-open') || outcome.kind === 'timeout';
