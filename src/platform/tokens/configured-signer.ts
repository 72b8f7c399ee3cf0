import type { PlatformConfig } from '../config/platform.js';
import { resolveAuth } from './dev-secret.js';
import { signToken, type TokenClaims } from './sign-token.js';

export type SignClaims = Omit<TokenClaims, 'issuer' | 'audience'>;

/**
 * Signs tokens the service configured so accepts: its HS256 secret (AUTH_JWT_SECRET, or the
 * development secret kept in DATA_DIR), issuer and audience. `npm run token` and the simulator's
 * operators sign through it.
 */
export function configuredSigner(config: Pick<PlatformConfig, 'auth' | 'production' | 'dataDir'>): (claims: SignClaims) => Promise<string> {
  const { secret } = resolveAuth(config);
  if (!secret) throw new Error('tokens can only be signed with AUTH_JWT_SECRET (the JWKS keys are not ours)');
  return (claims) => signToken(secret, { ...claims, issuer: config.auth.issuer, audience: config.auth.audience });
}
