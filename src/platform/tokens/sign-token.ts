import { SignJWT, type JWTPayload } from 'jose';

export interface TokenClaims {
  sub: string;
  ttlSeconds: number;
  scope?: string;
  name?: string;
  /** A roster id: the token acts as that operator (the scope `operator` is added). */
  operatorId?: string;
  issuer?: string | null;
  audience?: string | null;
}

/** An HS256 token for the configured secret: the development token and `npm run token`. */
export function signToken(secret: string, claims: TokenClaims): Promise<string> {
  const payload: JWTPayload = {};
  const scopes = (claims.scope ?? '').split(' ').filter(Boolean);
  if (claims.operatorId) {
    if (!scopes.includes('operator')) scopes.push('operator');
    payload.operator_id = claims.operatorId;
  }
  if (scopes.length) payload.scope = scopes.join(' ');
  if (claims.name) payload.name = claims.name;
  const jwt = new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(`${claims.ttlSeconds}s`);
  if (claims.issuer) jwt.setIssuer(claims.issuer);
  if (claims.audience) jwt.setAudience(claims.audience);
  return jwt.sign(new TextEncoder().encode(secret));
}
