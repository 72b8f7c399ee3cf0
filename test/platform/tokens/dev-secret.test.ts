import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAuth } from '../../../src/platform/tokens/dev-secret.js';
import { ConfigError } from '../../../src/platform/config/settings.js';
import { loadConfig } from '../../../src/service/config.js';

const freshDir = () => join(mkdtempSync(join(tmpdir(), 'orders-auth-')), 'data');

describe('the development secret', () => {
  it('when no AUTH_* is set outside production, then a secret is made once and kept in DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: freshDir() });
    const first = resolveAuth(config);
    const second = resolveAuth(config);
    expect(first.development).toBe(true);
    expect(first.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(second.secret).toBe(first.secret);
    expect(statSync(join(config.dataDir, 'dev-jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('when NODE_ENV is production without AUTH_*, then start is refused', () => {
    expect(() => resolveAuth(loadConfig({ NODE_ENV: 'production', DATA_DIR: freshDir() }))).toThrow(ConfigError);
  });

  it('when a secret is configured, then it is used and nothing is written', () => {
    const secret = 'x'.repeat(32);
    expect(resolveAuth(loadConfig({ AUTH_JWT_SECRET: secret, NODE_ENV: 'production' }))).toEqual({
      secret,
      development: false,
    });
  });
});
