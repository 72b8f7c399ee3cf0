import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PlatformConfig } from '../config/platform.js';
import { ConfigError } from '../config/settings.js';

const FILE = 'dev-jwt-secret';

/**
 * The HS256 secret tokens are checked against. Outside production and with no AUTH_* setting, a
 * random development secret is made once and kept in DATA_DIR, so tokens survive restarts.
 */
export function resolveAuth(config: Pick<PlatformConfig, 'auth' | 'production' | 'dataDir'>): { secret: string | null; development: boolean } {
  const { jwtSecret, jwksUrl } = config.auth;
  if (jwtSecret || jwksUrl) return { secret: jwtSecret, development: false };
  if (config.production) {
    throw new ConfigError('NODE_ENV=production needs AUTH_JWT_SECRET or AUTH_JWKS_URL');
  }
  const path = join(config.dataDir, FILE);
  mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists: the first process to start makes it, the others read it.
    writeFileSync(path, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return { secret: readFileSync(path, 'utf8').trim(), development: true };
}
