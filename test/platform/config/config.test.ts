import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/platform/config/settings.js';
import { loadConfig } from '../../../src/service/config.js';

describe('configuration', () => {
  it('when nothing is set, then every default of the contract applies', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 4000, host: '0.0.0.0', dataDir: './data', databaseUrl: null, production: false });
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.policy.pricing.currency).toBe('CLP');
    expect(config.policy.pricing.commissionBasisPoints).toBe(1500);
  });

  it('when the currency has cents, then tariffs are read in major units and kept in minor units', () => {
    const config = loadConfig({ CURRENCY: 'usd', TARIFF_TOWING_BASE: '45.5', TARIFF_TOWING_PER_KM: '1.25' });
    expect(config.policy.pricing.currency).toBe('USD');
    expect(config.policy.pricing.tariffs[1]).toEqual({ base: 4550, perKm: 125 });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['CURRENCY', 'XX1'],
    ['AUTH_JWT_SECRET', 'too-short'],
    ['DATABASE_URL', 'mysql://localhost/x'],
    ['PLATFORM_COMMISSION_PERCENT', '101'],
    ['CIRCUITY_FACTOR', '0.9'],
  ])('when %s=%s, then loading fails with a ConfigError naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
