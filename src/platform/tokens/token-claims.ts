import { decodeJwt } from 'jose';
import type { AuthenticatedCaller } from './verify-token.js';

/** What a live subscription reads of a token already accepted, beyond its caller. */
export interface SubscriberClaims {
  /** The roster id the token acts as: scope `operator` with claim `operator_id`. */
  operatorId: string | null;
  /** When the token expires, in epoch milliseconds; null when it cannot be read. */
  expiresAt: number | null;
}

/**
 * The operator a caller acts as, and when its token expires. Only for a token `authenticate`
 * accepted (it is decoded here, not verified again). A caller that carries its operator already
 * is taken at its word.
 */
export function subscriberClaims(authorization: string | null | undefined, caller: AuthenticatedCaller): SubscriberClaims {
  const token = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1];
  let payload: Record<string, unknown> = {};
  try {
    if (token) payload = decodeJwt(token);
  } catch {
    // Accepted by the verifier, so readable; if not, it claims nothing more.
  }
  const given = (caller as { operatorId?: string | null }).operatorId;
  const claimed = caller.scopes.has('operator') && typeof payload.operator_id === 'string' && payload.operator_id ? payload.operator_id : null;
  return {
    operatorId: given !== undefined ? given : claimed,
    expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : null,
  };
}
