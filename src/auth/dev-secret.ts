import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, type Config } from '../config.js';

const FILE = 'dev-jwt-secret';

/**
 * The HS256 secret tokens are checked against. Outside production and with no AUTH_* setting, a
 * random development secret is made once and kept in DATA_DIR, so tokens survive restarts.
 */
export function resolveAuth(config: Config): { secret: string | null; development: boolean } {
  const { jwtSecret, jwksUrl } = config.auth;
  if (jwtSecret || jwksUrl) return { secret: jwtSecret, development: false };
  if (config.production) {
    throw new ConfigError('NODE_ENV=production needs AUTH_JWT_SECRET or AUTH_JWKS_URL');
  }
  const path = join(config.dataDir, FILE);
  try {
    return { secret: readFileSync(path, 'utf8').trim(), development: true };
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return { secret, development: true };
  }
}
