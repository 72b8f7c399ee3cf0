// npm run token -- [--sub S] [--ttl 1h] [--scope "a b"] [--name N]: a token for the configured HS256 secret.
import { parseArgs } from 'node:util';
import { resolveAuth } from '../src/auth/dev-secret.js';
import { signToken } from '../src/auth/sign-token.js';
import { loadConfig } from '../src/config.js';

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

function seconds(ttl: string): number {
  const match = /^(\d+)([smhd]?)$/.exec(ttl);
  if (!match) throw new Error(`--ttl ${ttl}: use a number of seconds or 30m, 12h, 7d`);
  return Number(match[1]) * UNITS[match[2] || 's']!;
}

try {
  const { values } = parseArgs({
    options: {
      sub: { type: 'string', default: 'developer' },
      ttl: { type: 'string', default: '1h' },
      scope: { type: 'string' },
      name: { type: 'string' },
    },
  });
  const config = loadConfig();
  const { secret } = resolveAuth(config);
  if (!secret) throw new Error('tokens can only be signed with AUTH_JWT_SECRET (the JWKS keys are not ours)');
  const token = await signToken(secret, {
    sub: values.sub,
    ttlSeconds: seconds(values.ttl),
    scope: values.scope,
    name: values.name,
    issuer: config.auth.issuer,
    audience: config.auth.audience,
  });
  console.log(token);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
