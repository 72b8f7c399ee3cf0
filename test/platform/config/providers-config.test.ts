import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/platform/config/settings.js';
import { loadConfig } from '../../../src/service/config.js';

describe("the providers' configuration", () => {
  it('when nothing is set, then routing is great-circle and payments are the sandbox, links expiring after 30 minutes', () => {
    const { routing, payments } = loadConfig({});

    expect(routing).toMatchObject({ provider: 'great_circle', deadlineMs: 1_000, cache: { ttlMs: 600_000 } });
    expect(payments).toMatchObject({
      provider: 'sandbox', timeoutMs: 5_000, linkTtlMs: 1_800_000, sandbox: { mode: 'ok', secret: null }, mercadoPago: null,
    });
  });

  it('when OSRM is chosen with its URL, then it is used, without the trailing slash', () => {
    const { routing } = loadConfig({ ROUTING_PROVIDER: 'osrm', ROUTING_OSRM_URL: 'http://osrm.internal:5000/', ROUTING_CACHE_SECONDS: '0' });

    expect(routing).toMatchObject({ provider: 'osrm', osrm: { baseUrl: 'http://osrm.internal:5000', profile: 'driving' }, cache: false });
  });

  it('when Google is chosen with traffic, then durations are asked traffic-aware', () => {
    const { routing } = loadConfig({ ROUTING_PROVIDER: 'google', ROUTING_GOOGLE_API_KEY: 'key', ROUTING_GOOGLE_TRAFFIC: 'true' });

    expect(routing.google).toMatchObject({ apiKey: 'key', baseUrl: 'https://routes.googleapis.com', routingPreference: 'TRAFFIC_AWARE' });
  });

  it('when Mercado Pago is chosen with its credentials, then they are read, and PAYMENT_LINK_TTL_MINUTES=0 means no expiry', () => {
    const { payments } = loadConfig({
      PAYMENTS_PROVIDER: 'mercado_pago', MERCADO_PAGO_ACCESS_TOKEN: 'APP_USR-1', MERCADO_PAGO_WEBHOOK_SECRET: 'secret',
      PAYMENT_LINK_TTL_MINUTES: '0',
    });

    expect(payments).toMatchObject({
      provider: 'mercado_pago', linkTtlMs: null,
      mercadoPago: { accessToken: 'APP_USR-1', webhookSecret: 'secret', apiUrl: 'https://api.mercadopago.com', testCheckout: false, backUrl: null },
    });
  });

  it.each([
    [{ ROUTING_PROVIDER: 'mapbox' }, 'ROUTING_PROVIDER'],
    [{ ROUTING_PROVIDER: 'osrm' }, 'ROUTING_OSRM_URL'],
    [{ ROUTING_PROVIDER: 'google' }, 'ROUTING_GOOGLE_API_KEY'],
    [{ ROUTING_PROVIDER: 'osrm', ROUTING_OSRM_URL: 'osrm.internal:5000' }, 'ROUTING_OSRM_URL'],
    [{ ROUTING_DEADLINE_MS: '0' }, 'ROUTING_DEADLINE_MS'],
    [{ PAYMENTS_PROVIDER: 'paypal' }, 'PAYMENTS_PROVIDER'],
    [{ PAYMENTS_PROVIDER: 'mercado_pago', MERCADO_PAGO_ACCESS_TOKEN: 'APP_USR-1' }, 'MERCADO_PAGO_WEBHOOK_SECRET'],
    [{ PAYMENTS_SANDBOX_MODE: 'flaky' }, 'PAYMENTS_SANDBOX_MODE'],
    [{ PAYMENT_LINK_TTL_MINUTES: '-1' }, 'PAYMENT_LINK_TTL_MINUTES'],
  ])('when %o, then loading fails naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
