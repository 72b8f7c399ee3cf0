import { ConfigError, declareSettings, type Reader } from '../platform/config/settings.js';
import type { ServiceCode } from './domain/order.js';
import { minorUnitDigits, toMinorUnits } from './domain/pricing.js';
import type { OrderPolicy } from './domain/quote.js';
import type { RoutingProviderName, RoutingSettings } from './routing/routing-stack.js';

/** What an order costs and how it is estimated, how its requests are kept, and its legacy REST key. */
export const ORDER_SETTINGS = declareSettings({
  CURRENCY: { default: 'CLP', doc: 'ISO 4217 currency of every amount' },
  TARIFF_TOWING_BASE: { default: '25000', doc: 'towing: base amount, in CURRENCY' },
  TARIFF_TOWING_PER_KM: { default: '1200', doc: 'towing: amount per km of the trip origin → destination' },
  TARIFF_BATTERY_BASE: { default: '18000', doc: 'battery jump-start: base amount' },
  TARIFF_BATTERY_PER_KM: { default: '0', doc: 'battery jump-start: amount per km' },
  TARIFF_TYRE_BASE: { default: '15000', doc: 'tyre change: base amount' },
  TARIFF_TYRE_PER_KM: { default: '0', doc: 'tyre change: amount per km' },
  PLATFORM_COMMISSION_PERCENT: { default: '15', doc: "platform's share of the total, in percent (two decimals at most)" },
  DISPATCH_RADIUS_KM: { default: '25', doc: 'operators farther than this from the origin (great circle) are not offered' },
  CIRCUITY_FACTOR: { default: '1.25', doc: 'road distance over great-circle distance, for estimates' },
  AVERAGE_SPEED_KMH: { default: '30', doc: 'average road speed, for duration estimates' },
  IDEMPOTENCY_KEY_TTL_HOURS: { default: '24', doc: 'how long an Idempotency-Key is remembered (at least 24 hours)' },
  PAYMENT_REFERENCE_LEGACY_FIELD: { default: '', doc: 'the legacy `<provider>Reference` key of the payment URL: one more REST key carrying it; in gateway mode, read from the legacy\'s answers (required then)' },
  // Routing providers.
  ROUTING_PROVIDER: { default: 'great_circle', doc: 'how trips and approaches are estimated: `great_circle` (× CIRCUITY_FACTOR, no calls), `osrm` or `google`' },
  ROUTING_OSRM_URL: { default: '', doc: 'base URL of an OSRM server (osrm-routed), e.g. `http://osrm.internal:5000`; needed by `osrm`' },
  ROUTING_OSRM_PROFILE: { default: 'driving', doc: 'the profile segment of OSRM route URLs' },
  ROUTING_GOOGLE_API_KEY: { default: '', doc: 'a Google Maps Platform API key with the Routes API enabled; needed by `google`' },
  ROUTING_GOOGLE_URL: { default: 'https://routes.googleapis.com', doc: 'where the Google Routes API is reached' },
  ROUTING_GOOGLE_TRAFFIC: { default: 'false', doc: '`true`: traffic-aware durations (TRAFFIC_AWARE, billed at a higher rate)' },
  ROUTING_DEADLINE_MS: { default: '1000', doc: "how long an order waits for a leg's road route before it takes the great-circle estimate" },
  ROUTING_CACHE_SECONDS: { default: '600', doc: 'how long a road route is reused for legs between the same two ~100 m cells; `0`: no cache' },
});

type OrderSettingName = keyof typeof ORDER_SETTINGS;

export interface OrdersConfig {
  policy: OrderPolicy;
  legacyPaymentField: string | null;
  idempotencyKeyTtlMs: number;
  routing: RoutingSettings & { deadlineMs: number };
}

export function readOrdersConfig(read: Reader<OrderSettingName>): OrdersConfig {
  const { number } = read;
  return {
    policy: {
      pricing: pricing(read),
      dispatchRadiusMetres: number('DISPATCH_RADIUS_KM', { min: 0 }) * 1000,
      travel: {
        circuityFactor: number('CIRCUITY_FACTOR', { min: 1, max: 3 }),
        averageSpeedKmh: number('AVERAGE_SPEED_KMH', { min: 1, max: 200 }),
      },
    },
    legacyPaymentField: read.optional('PAYMENT_REFERENCE_LEGACY_FIELD'),
    idempotencyKeyTtlMs: number('IDEMPOTENCY_KEY_TTL_HOURS', { min: 24 }) * 3_600_000,
    routing: routing(read),
  };
}

function pricing({ get, number }: Reader<OrderSettingName>): OrderPolicy['pricing'] {
  const currency = get('CURRENCY').toUpperCase();
  try {
    minorUnitDigits(currency);
  } catch {
    throw new ConfigError(`CURRENCY=${currency} is not an ISO 4217 currency code`);
  }
  const money = (name: OrderSettingName) => {
    const minor = toMinorUnits(number(name, { min: 0 }), currency);
    if (!Number.isSafeInteger(minor)) throw new ConfigError(`${name}=${get(name)} is not an amount in ${currency}`);
    return minor;
  };
  const tariffs: Record<ServiceCode, { base: number; perKm: number }> = {
    1: { base: money('TARIFF_TOWING_BASE'), perKm: money('TARIFF_TOWING_PER_KM') },
    2: { base: money('TARIFF_BATTERY_BASE'), perKm: money('TARIFF_BATTERY_PER_KM') },
    3: { base: money('TARIFF_TYRE_BASE'), perKm: money('TARIFF_TYRE_PER_KM') },
  };
  return {
    currency,
    tariffs,
    commissionBasisPoints: Math.round(number('PLATFORM_COMMISSION_PERCENT', { min: 0, max: 100 }) * 100),
  };
}

const ROUTING_PROVIDERS: readonly RoutingProviderName[] = ['great_circle', 'osrm', 'google'];

function routing(read: Reader<OrderSettingName>): OrdersConfig['routing'] {
  const { get, number } = read;
  const provider = read.oneOf('ROUTING_PROVIDER', ROUTING_PROVIDERS);
  if (provider === 'osrm' && !get('ROUTING_OSRM_URL')) throw new ConfigError('ROUTING_PROVIDER=osrm needs ROUTING_OSRM_URL');
  if (provider === 'google' && !get('ROUTING_GOOGLE_API_KEY')) {
    throw new ConfigError('ROUTING_PROVIDER=google needs ROUTING_GOOGLE_API_KEY');
  }
  const deadlineMs = number('ROUTING_DEADLINE_MS', { min: 10, max: 60_000, integer: true });
  const cacheSeconds = number('ROUTING_CACHE_SECONDS', { min: 0, max: 86_400 });
  return {
    provider,
    deadlineMs,
    timeoutMs: deadlineMs,
    osrm: { baseUrl: read.httpUrl('ROUTING_OSRM_URL'), profile: get('ROUTING_OSRM_PROFILE') },
    google: {
      apiKey: get('ROUTING_GOOGLE_API_KEY'),
      baseUrl: read.httpUrl('ROUTING_GOOGLE_URL'),
      routingPreference: read.flag('ROUTING_GOOGLE_TRAFFIC', false) ? 'TRAFFIC_AWARE' : 'TRAFFIC_UNAWARE',
    },
    cache: cacheSeconds > 0 ? { ttlMs: cacheSeconds * 1000 } : false,
  };
}
