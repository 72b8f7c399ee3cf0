import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { ServiceError } from '../platform/errors.js';

/** What one request's take from its client's allowance says. */
export interface RateVerdict {
  allowed: boolean;
  /** The RateLimit-* headers, and Retry-After when refused. */
  headers: Record<string, string>;
}

export type RateLimit = (key: string) => Promise<RateVerdict>;

export class RateLimitedError extends ServiceError {
  readonly code = 'RATE_LIMITED';

  constructor(readonly headers: Record<string, string>) {
    super('over the rate limit');
  }
}

/**
 * Each client's allowance of requests, from a rate-limiter-flexible limiter (in memory, or shared
 * by every instance through PostgreSQL or Redis). The headers are the IETF draft's
 * RateLimit-Limit / -Remaining / -Reset (seconds), as most clients read them.
 */
export function rateLimitOf(limiter: RateLimiterAbstract, perMinute: number): RateLimit {
  const limit = String(perMinute);
  const headersOf = (res: RateLimiterRes) => ({
    'ratelimit-limit': limit,
    'ratelimit-remaining': String(Math.max(0, res.remainingPoints)),
    'ratelimit-reset': String(Math.ceil(res.msBeforeNext / 1000)),
  });
  return (key) =>
    limiter.consume(key).then(
      (res) => ({ allowed: true, headers: headersOf(res) }),
      (refusal: unknown) => {
        // The limiter rejects with its answer when the allowance is spent; an Error is its store
        // failing, which the limiter's insurance (memory) already covers: anything else is a bug.
        if (refusal instanceof Error) throw refusal;
        const headers = headersOf(refusal as RateLimiterRes);
        return { allowed: false, headers: Object.assign(headers, { 'retry-after': headers['ratelimit-reset'] }) };
      },
    );
}
