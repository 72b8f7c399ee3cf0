import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { ServiceError } from '../errors.js';
import type { Caller } from '../caller.js';
import { isStorableText } from '../text.js';

export interface AuthenticatedCaller extends Caller {
  scopes: ReadonlySet<string>;
  /**
   * The roster id the caller acts as, from the claim `operator_id`: set only for a token with the
   * scope `operator` whose claim is a non-empty storable string (the operators' app).
   */
  operatorId: string | null;
}

export class UnauthenticatedError extends ServiceError {
  readonly code = 'UNAUTHENTICATED';

  constructor(
    message: string,
    options?: { cause?: unknown },
    /** No token at all, rather than one that does not verify. */
    readonly missing = false,
  ) {
    super(message, options);
  }
}

export interface VerifierOptions {
  /** HS256 shared secret. */
  secret?: string | null;
  /** JWKS endpoint for RS256/ES256/EdDSA tokens. */
  jwksUrl?: string | null;
  issuer?: string | null;
  audience?: string | null;
  /** Allowed skew between our clock and the issuer's, for `exp`, `nbf` and `iat`. */
  clockToleranceSeconds?: number;
  now?: () => number;
}

const ASYMMETRIC = ['RS256', 'ES256', 'EdDSA'];
// A verified token is remembered until it expires, but never longer than this, so that a key
// withdrawn from the JWKS stops being honoured soon after.
const CACHE_MAX_AGE_MS = 5 * 60_000;
const CACHE_MAX_ENTRIES = 10_000;
const DEFAULT_CLOCK_TOLERANCE_SECONDS = 30;

// The subject owns orders and the name may become an order's clientName: both are stored.
const storable = (claim: unknown): claim is string => typeof claim === 'string' && isStorableText(claim);

function toCaller(payload: JWTPayload): AuthenticatedCaller {
  if (!storable(payload.sub) || payload.sub === '') throw new UnauthenticatedError('the token has no storable sub');
  const scope = typeof payload.scope === 'string' ? payload.scope : '';
  const scopes = new Set(scope.split(' ').filter(Boolean));
  // The operator's id names offers and orders in the store, as the subject does.
  const operatorId = payload.operator_id;
  return {
    subject: payload.sub,
    name: storable(payload.name) && payload.name.trim() ? payload.name.trim() : null,
    scopes,
    operatorId: scopes.has('operator') && storable(operatorId) && operatorId !== '' ? operatorId : null,
  };
}

/**
 * Verifies `Authorization: Bearer <jwt>` headers with jose. HS256 tokens are checked against the
 * shared secret, asymmetric ones against the JWKS; `alg: none` and anything else is refused.
 */
export function createTokenVerifier(options: VerifierOptions) {
  const now = options.now ?? Date.now;
  const tolerance = options.clockToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_SECONDS;
  const secretKey = options.secret ? crypto.subtle.importKey('raw', new TextEncoder().encode(options.secret),
    { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']) : null;
  const jwks = options.jwksUrl ? createRemoteJWKSet(new URL(options.jwksUrl)) : null;
  const algorithms = [...(secretKey ? ['HS256'] : []), ...(jwks ? ASYMMETRIC : [])];
  if (algorithms.length === 0) throw new Error('a token verifier needs a secret or a JWKS URL');

  const getKey: JWTVerifyGetKey = async (header, token) => {
    if (header.alg === 'HS256' && secretKey) return secretKey;
    if (jwks) return jwks(header, token);
    throw new UnauthenticatedError('token algorithm not accepted');
  };

  // Accepted headers, by their whole text, with their caller already settled: a request's header
  // is looked at twice (its allowance, then its route), and most requests bring one seen before.
  const cache = new Map<string, { caller: Promise<AuthenticatedCaller>; until: number }>();

  async function verifyToken(token: string): Promise<{ caller: AuthenticatedCaller; until: number }> {
    // A token must expire: one without `exp` would be honoured for ever once leaked.
    const { payload } = await jwtVerify(token, getKey, {
      algorithms,
      issuer: options.issuer ?? undefined,
      audience: options.audience ?? undefined,
      currentDate: new Date(now()),
      requiredClaims: ['exp'],
      clockTolerance: tolerance,
    });
    // jose checks `nbf`; `iat` only against a maximum age. One issued in the future comes from a
    // clock that is wrong, or from someone minting tokens ahead of time.
    if (payload.iat !== undefined && payload.iat > now() / 1000 + tolerance) {
      throw new UnauthenticatedError('the token was issued in the future');
    }
    return { caller: toCaller(payload), until: Math.min(payload.exp! * 1000, now() + CACHE_MAX_AGE_MS) };
  }

  async function verifyHeader(authorization: string | null | undefined): Promise<AuthenticatedCaller> {
    const match = /^Bearer +([A-Za-z0-9._~+/=-]+) *$/i.exec(authorization ?? '');
    if (!match) throw new UnauthenticatedError('no Bearer token', {}, true);
    try {
      const { caller, until } = await verifyToken(match[1]!);
      if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(authorization!, { caller: Promise.resolve(caller), until });
      return caller;
    } catch (error) {
      if (error instanceof UnauthenticatedError) throw error;
      if (error instanceof errors.JOSEError || error instanceof TypeError) {
        throw new UnauthenticatedError(`token refused: ${(error as Error).message}`, { cause: error });
      }
      throw error;
    }
  }

  /** The caller of an Authorization header, or UnauthenticatedError. */
  return function authenticate(authorization: string | null | undefined): Promise<AuthenticatedCaller> {
    const hit = authorization ? cache.get(authorization) : undefined;
    if (hit && hit.until > now()) return hit.caller;
    if (hit) cache.delete(authorization!);
    return verifyHeader(authorization);
  };
}

export type Authenticate = ReturnType<typeof createTokenVerifier>;
