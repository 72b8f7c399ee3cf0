import type { Authenticate } from '../auth/verify-token.js';
import { createCors } from './cors.js';
import type { PlainResponse } from './plain.js';
import { RateLimitedError, type RateLimit } from './rate-limit.js';

export interface AdmissionDeps {
  corsOrigins: readonly string[];
  /** Null when there is no limit. */
  rateLimit: RateLimit | null;
  authenticate: Authenticate;
}

/** What a request brings to admission, whichever dispatcher carries it. */
export interface Arrival {
  method: string;
  header(name: string): string | undefined;
  /** The client's address, for the allowance of requests without a valid token. */
  address: string | undefined;
  /** Whether the request asks something of an API (REST or GraphQL), which counts against the limit. */
  api: boolean;
}

/** Admitted, with the headers every answer to it carries; or answered at once (`early`). */
export type Admission = { headers: Record<string, string> } | { early: PlainResponse | RateLimitedError };

/**
 * What every request goes through before its route, on both faces: CORS (a preflight is answered
 * here) and each client's allowance of API requests, counted per token `sub` (a token is verified
 * once and remembered, so the route's own check costs nothing more), per address without one.
 */
export function createAdmission(deps: AdmissionDeps) {
  const cors = createCors(deps.corsOrigins);

  async function keyOf(authorization: string | undefined, address: string | undefined): Promise<string> {
    if (authorization) {
      const caller = await deps.authenticate(authorization).catch(() => null);
      if (caller) return `sub:${caller.subject}`;
    }
    return `address:${address ?? 'unknown'}`;
  }

  return async function admit(arrival: Arrival): Promise<Admission> {
    const origin = arrival.header('origin');
    const preflight = cors.preflight(arrival.method, origin, arrival.header('access-control-request-method'));
    if (preflight) return { early: preflight };
    const headers = cors.headersFor(origin) ?? {};
    if (!deps.rateLimit || !arrival.api) return { headers };
    const verdict = await deps.rateLimit(await keyOf(arrival.header('authorization'), arrival.address));
    if (!verdict.allowed) return { early: new RateLimitedError(Object.assign(headers, verdict.headers)) };
    return { headers: Object.assign(headers, verdict.headers) };
  };
}
