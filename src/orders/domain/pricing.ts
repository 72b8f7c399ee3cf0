import type { Amounts, ServiceCode } from './order.js';

/** Amounts in the currency's minor unit. */
export interface Tariff {
  base: number;
  perKm: number;
}

export interface PricingPolicy {
  currency: string;
  tariffs: Record<ServiceCode, Tariff>;
  /** Platform commission in basis points of the total (1500 = 15 %). */
  commissionBasisPoints: number;
}

/**
 * Total = base + per-km × trip km, rounded half up to the minor unit. The platform's share is
 * rounded the same way and the partner gets the rest, so the parts always add up to the total.
 */
export function priceService(service: ServiceCode, distanceMetres: number, policy: PricingPolicy): Amounts {
  const tariff = policy.tariffs[service];
  const total = tariff.base + Math.round((tariff.perKm * distanceMetres) / 1000);
  const platform = Math.round((total * policy.commissionBasisPoints) / 10_000);
  return { total, partner: total - platform, platform };
}

const digitsByCurrency = new Map<string, number>();

/** Digits after the decimal point of a currency as Node's Intl (CLDR) knows it (CLP 0, USD 2, BHD 3). */
export function minorUnitDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency });
    digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

export const toMajorUnits = (minor: number, currency: string): number => minor / 10 ** minorUnitDigits(currency);

// Shifting the decimal point in the number's text is exact: 1.005 * 100 is 100.49999999999999.
export const toMinorUnits = (major: number, currency: string): number =>
  Math.round(Number(`${major}e${minorUnitDigits(currency)}`));
