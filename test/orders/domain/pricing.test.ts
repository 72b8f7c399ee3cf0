import { describe, expect, it } from 'vitest';
import type { ServiceCode } from '../../../src/orders/domain/order.js';
import {
  minorUnitDigits,
  priceService,
  toMajorUnits,
  toMinorUnits,
  type PricingPolicy,
  type Tariff,
} from '../../../src/orders/domain/pricing.js';

function policy(commissionBasisPoints: number, tariff: Tariff = { base: 0, perKm: 1 }): PricingPolicy {
  return {
    currency: 'CLP',
    tariffs: { 1: tariff, 2: tariff, 3: tariff },
    commissionBasisPoints,
  };
}

describe('priceService: total from the tariff', () => {
  it('adds the base to the per-km price of the trip', () => {
    const amounts = priceService(1, 12_345, policy(0, { base: 25_000, perKm: 1_000 }));

    expect(amounts.total).toBe(25_000 + 12_345);
  });

  it('charges only the base for a trip of zero metres', () => {
    const amounts = priceService(2, 0, policy(1500, { base: 18_000, perKm: 900 }));

    expect(amounts.total).toBe(18_000);
  });

  it('uses the tariff of the requested service', () => {
    const pricing: PricingPolicy = {
      currency: 'CLP',
      tariffs: { 1: { base: 30_000, perKm: 1_200 }, 2: { base: 25_000, perKm: 0 }, 3: { base: 20_000, perKm: 0 } },
      commissionBasisPoints: 0,
    };

    expect(priceService(1, 10_000, pricing).total).toBe(42_000);
    expect(priceService(2, 10_000, pricing).total).toBe(25_000);
    expect(priceService(3, 10_000, pricing).total).toBe(20_000);
  });

  it.each([
    { perKm: 1, metres: 499, expected: 0 },
    { perKm: 1, metres: 500, expected: 1 },
    { perKm: 1, metres: 1_500, expected: 2 },
    { perKm: 1, metres: 2_500, expected: 3 },
    { perKm: 3, metres: 500, expected: 2 },
    { perKm: 777, metres: 1_234, expected: 959 }, // 958.818
    { perKm: 1_005, metres: 1_100, expected: 1_106 }, // 1105.5
  ])('rounds the per-km part half up in minor units ($perKm × $metres m → $expected)', ({ perKm, metres, expected }) => {
    expect(priceService(1, metres, policy(0, { base: 0, perKm })).total).toBe(expected);
  });
});

describe('priceService: commission split', () => {
  it('gives the platform its basis points of the total and the partner the rest', () => {
    const amounts = priceService(1, 0, policy(1500, { base: 10_000, perKm: 0 }));

    expect(amounts).toEqual({ total: 10_000, partner: 8_500, platform: 1_500 });
  });

  it('rounds the platform share half up', () => {
    expect(priceService(1, 0, policy(500, { base: 10, perKm: 0 })).platform).toBe(1); // 0.5
    expect(priceService(1, 0, policy(1500, { base: 30, perKm: 0 })).platform).toBe(5); // 4.5
    expect(priceService(1, 0, policy(1234, { base: 1_000, perKm: 0 })).platform).toBe(123); // 123.4
  });

  it('with zero commission, everything goes to the partner', () => {
    const amounts = priceService(1, 7_777, policy(0, { base: 20_000, perKm: 1_100 }));

    expect(amounts.platform).toBe(0);
    expect(amounts.partner).toBe(amounts.total);
  });

  it('with a 100 % commission, everything goes to the platform', () => {
    const amounts = priceService(1, 7_777, policy(10_000, { base: 20_000, perKm: 1_100 }));

    expect(amounts.platform).toBe(amounts.total);
    expect(amounts.partner).toBe(0);
  });

  it('partner + platform === total, in whole minor units, for many distances and rates', () => {
    const rates = [0, 1, 333, 1234, 1500, 3333, 5000, 6667, 9999, 10_000];
    const tariffs: Tariff[] = [
      { base: 0, perKm: 1 },
      { base: 25_000, perKm: 1_000 },
      { base: 19_990, perKm: 777 },
      { base: 1, perKm: 12_345 },
    ];
    const services: ServiceCode[] = [1, 2, 3];
    const broken: string[] = [];
    let checked = 0;

    for (const commission of rates)
      for (const tariff of tariffs)
        for (const service of services)
          for (let metres = 0; metres <= 150_000; metres += 1_237) {
            const { total, partner, platform } = priceService(service, metres, policy(commission, tariff));
            const wholeUnits = [total, partner, platform].every(Number.isInteger);
            if (partner + platform !== total || !wholeUnits || partner < 0 || platform < 0) {
              broken.push(`${commission} bp, ${JSON.stringify(tariff)}, ${metres} m: ${total} ≠ ${partner} + ${platform}`);
            }
            checked++;
          }

    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(10_000);
  });
});

describe('currency minor units', () => {
  it.each([
    ['CLP', 0],
    ['USD', 2],
    ['JPY', 0],
    ['BHD', 3],
  ])('%s has %i digits after the decimal point', (currency, digits) => {
    expect(minorUnitDigits(currency)).toBe(digits);
  });

  it('gives the same answer when asked twice (cached)', () => {
    expect(minorUnitDigits('USD')).toBe(minorUnitDigits('USD'));
  });

  it('converts minor units to major units', () => {
    expect(toMajorUnits(1_234, 'CLP')).toBe(1_234);
    expect(toMajorUnits(1_234, 'JPY')).toBe(1_234);
    expect(toMajorUnits(1_234, 'USD')).toBe(12.34);
    expect(toMajorUnits(1_234, 'BHD')).toBe(1.234);
  });

  it('converts major units to minor units, rounding to a whole minor unit', () => {
    expect(toMinorUnits(1_500, 'CLP')).toBe(1_500);
    expect(toMinorUnits(12.34, 'USD')).toBe(1_234);
    expect(toMinorUnits(1.234, 'BHD')).toBe(1_234);
    expect(toMinorUnits(0.125, 'USD')).toBe(13);
    expect(toMinorUnits(1_499.4, 'CLP')).toBe(1_499);
  });

  it('round-trips minor → major → minor exactly', () => {
    const broken: string[] = [];
    for (const currency of ['CLP', 'USD', 'JPY', 'BHD'])
      for (let minor = 0; minor <= 200_000; minor += 997) {
        const back = toMinorUnits(toMajorUnits(minor, currency), currency);
        if (back !== minor) broken.push(`${minor} ${currency} → ${back}`);
      }

    expect(broken).toEqual([]);
  });
});
