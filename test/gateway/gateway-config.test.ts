import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/platform/config/settings.js';
import { loadConfig } from '../../src/service/config.js';

const GATEWAY = { ORDERS_UPSTREAM_URL: 'https://legacy.internal/api/', PAYMENT_REFERENCE_LEGACY_FIELD: 'mercadoPagoReference' };

describe("gateway mode's configuration", () => {
  it('when no upstream is set, then the service runs in native mode', () => {
    expect(loadConfig({}).upstream).toBeNull();
  });

  it('when an upstream is set, then the service is a gateway with a 10 s deadline, forwarding the caller token', () => {
    expect(loadConfig(GATEWAY).upstream).toEqual({
      url: 'https://legacy.internal/api', token: null, timeoutMs: 10_000, paymentField: 'mercadoPagoReference',
    });
  });

  it('when a token and a deadline are set, then they are taken', () => {
    const { upstream } = loadConfig(Object.assign({ ORDERS_UPSTREAM_TOKEN: 'gw-secret', ORDERS_UPSTREAM_TIMEOUT_MS: '2500' }, GATEWAY));

    expect(upstream).toMatchObject({ token: 'gw-secret', timeoutMs: 2500 });
  });

  it.each([
    ['the legacy payment key is missing', { ORDERS_UPSTREAM_URL: 'https://legacy.internal' }, 'PAYMENT_REFERENCE_LEGACY_FIELD'],
    ['the URL is not http(s)', Object.assign({}, GATEWAY, { ORDERS_UPSTREAM_URL: 'ftp://legacy.internal' }), 'ORDERS_UPSTREAM_URL'],
    ['the URL is not a URL', Object.assign({}, GATEWAY, { ORDERS_UPSTREAM_URL: 'legacy.internal' }), 'ORDERS_UPSTREAM_URL'],
    ['the token would split its header', Object.assign({}, GATEWAY, { ORDERS_UPSTREAM_TOKEN: 'a\r\nx-evil: 1' }), 'ORDERS_UPSTREAM_TOKEN'],
    ['the deadline is not a number', Object.assign({}, GATEWAY, { ORDERS_UPSTREAM_TIMEOUT_MS: 'soon' }), 'ORDERS_UPSTREAM_TIMEOUT_MS'],
    ['the deadline is too short to connect', Object.assign({}, GATEWAY, { ORDERS_UPSTREAM_TIMEOUT_MS: '5' }), 'ORDERS_UPSTREAM_TIMEOUT_MS'],
  ])('when %s, then loading fails with a ConfigError naming it', (_, env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
