import type { Authenticate } from '../platform/tokens/verify-token.js';
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
// Read only: the answers that carry no extra header share it.
const NONE: Record<string, string> = Object.freeze({}) as Record<string, string>;

export function createAdmission(deps: AdmissionDeps) {
  const cors = createCors(deps.corsOrigins);

  // Every request passes here: no async function, and no promise at all when there is no limit.
  return function admit(arrival: Arrival): Admission | Promise<Admission> {
    const origin = arrival.header('origin');
    const preflight = cors.preflight(arrival.method, origin, arrival.header('access-control-request-method'));
    if (preflight) return { early: preflight };
    const corsHeaders = origin ? cors.headersFor(origin) : null;
    const { rateLimit } = deps;
    if (!rateLimit || !arrival.api) return { headers: corsHeaders ?? NONE };
    const take = (key: string) =>
      rateLimit(key).then((verdict): Admission => {
        const headers = corsHeaders ? Object.assign(corsHeaders, verdict.headers) : verdict.headers;
        return verdict.allowed ? { headers } : { early: new RateLimitedError(headers) };
      });
    const byAddress = () => `address:${arrival.address ?? 'unknown'}`;
    const authorization = arrival.header('authorization');
    if (!authorization) return take(byAddress());
    return deps.authenticate(authorization).then((caller) => `sub:${caller.subject}`, byAddress).then(take);
  };
}
