import type { PlainResponse } from './plain.js';

// What a browser page may send and read across origins. Bearer tokens travel in a header, never
// in cookies: no credentials are ever allowed, so no origin is reflected with them.
const ALLOW_METHODS = 'GET, POST, OPTIONS';
const ALLOW_HEADERS = 'authorization, content-type, idempotency-key, accept';
const EXPOSE_HEADERS = 'retry-after, ratelimit-limit, ratelimit-remaining, ratelimit-reset';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/**
 * CORS for both faces: only the origins listed (CORS_ORIGINS), each answered with itself; none
 * when the list is empty. An origin not listed gets no CORS header, and its browser refuses.
 */
export function createCors(origins: readonly string[]) {
  const allowed = new Set(origins);

  /** The CORS headers of an answer to a request from `origin`; null for none. */
  function headersFor(origin: string | undefined): Record<string, string> | null {
    if (!origin || !allowed.has(origin)) return null;
    return { 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSE_HEADERS, vary: 'origin' };
  }

  /** The answer to a preflight (OPTIONS with Access-Control-Request-Method); null when it is not one. */
  function preflight(method: string, origin: string | undefined, requested: string | undefined): PlainResponse | null {
    if (method !== 'OPTIONS' || !origin || !requested) return null;
    const headers = headersFor(origin);
    if (!headers) return { status: 204, headers: { vary: 'origin' }, body: '' };
    return {
      status: 204,
      headers: Object.assign(headers, {
        'access-control-allow-methods': ALLOW_METHODS,
        'access-control-allow-headers': ALLOW_HEADERS,
        'access-control-max-age': PREFLIGHT_MAX_AGE_SECONDS,
      }),
      body: '',
    };
  }

  return { enabled: allowed.size > 0, headersFor, preflight };
}
