import type { OrderPolicy } from '../orders/domain/quote.js';
import type { ServiceCode } from '../orders/domain/order.js';
import type { LifePolicy } from '../lifecycle/domain/lifecycle.js';
import { minorUnitDigits, toMinorUnits } from '../orders/domain/pricing.js';
import type { PaymentSettings } from '../payments/providers/payment-stack.js';
import { SANDBOX_MODES, type SandboxMode } from '../payments/providers/sandbox.js';
import type { RoutingProviderName, RoutingSettings } from '../orders/routing/routing-stack.js';
import { EMBEDDED_DURABILITIES, type EmbeddedDurability } from './store/embedded-durability.js';
import { SAMPLERS, TRACE_EXPORTERS, type SamplerName, type TracingSettings } from './tracing/settings.js';

// Every setting the service reads, with its environment variable, default and one line of docs.
// Nothing else in the code reads process.env; docs/configuration.md lists exactly these keys.
export const SETTINGS = {
  PORT: { default: '4000', doc: 'HTTP port' },
  HOST: { default: '0.0.0.0', doc: 'bind address' },
  DATA_DIR: { default: './data', doc: 'where the embedded store (PGlite) keeps its files, and the development secret' },
  DATABASE_URL: { default: '', doc: 'postgres://… to use that PostgreSQL server instead of the embedded store' },
  EMBEDDED_DURABILITY: { default: 'durable', doc: 'embedded store: `durable` acknowledges a write once its WAL is synced to the disk (survives a power cut); `relaxed` skips the sync (survives a kill, not a power cut; for development)' },
  WORKERS: { default: '1', doc: 'server processes sharing the port; more than 1 needs DATABASE_URL' },
  AUTH_JWT_SECRET: { default: '', doc: 'HS256 shared secret for Bearer tokens, at least 32 bytes' },
  AUTH_JWKS_URL: { default: '', doc: 'JWKS endpoint for asymmetric tokens (RS256/ES256/EdDSA)' },
  AUTH_ISSUER: { default: '', doc: 'when set, tokens must carry exactly this `iss`' },
  AUTH_AUDIENCE: { default: '', doc: 'when set, tokens must carry exactly this `aud`' },
  AUTH_CLOCK_TOLERANCE_SECONDS: { default: '30', doc: 'allowed clock skew for `exp`, `nbf` and `iat`; tokens must carry `exp`' },
  NODE_ENV: { default: '', doc: '`production` refuses to start without an AUTH_* setting and never prints tokens' },
  METRICS_PORT: { default: '', doc: 'when set, GET /metrics is served on this port alone (keep it private); else on PORT, for tokens with the scope metrics:read; with WORKERS > 1, the sum of all the workers' },
  RATE_LIMIT_PER_MINUTE: { default: '600', doc: 'requests per token `sub` (per client address without a valid token) per minute on both faces; `0` turns the limit off' },
  REDIS_URL: { default: '', doc: 'redis://… where the rate limit is shared by every instance; else PostgreSQL shares it when DATABASE_URL is set' },
  EVENTS_CHANNEL: { default: 'order_events', doc: 'the channel order events travel on between instances: PostgreSQL LISTEN/NOTIFY, or Redis pub/sub when REDIS_URL is set; letters, digits and `_`' },
  SUBSCRIPTION_KEEP_ALIVE_MS: { default: '15000', doc: 'an open subscription or tracking stream with nothing to say sends a keep-alive at least this often' },
  CORS_ORIGINS: { default: '', doc: 'comma-separated origins browser pages may call from (e.g. `https://app.example`); none when unset' },
  GRAPHIQL: { default: '', doc: 'serve GraphiQL at GET /graphql: `true` or `false`; on by default, off in production' },
  GRAPHQL_INTROSPECTION: { default: '', doc: 'answer GraphQL introspection: `true` or `false`; on by default, off in production' },
  PUBLIC_URL: { default: '', doc: 'base URL of this service as clients see it (sandbox payment links); default http://localhost:PORT' },
  LOG_LEVEL: { default: 'info', doc: 'pino log level: fatal, error, warn, info, debug, trace or silent' },
  MAX_BODY_BYTES: { default: '16384', doc: 'largest request body accepted; larger ones get 413' },
  HEADERS_TIMEOUT_MS: { default: '10000', doc: "a request's headers must arrive within this; else the connection is closed (408)" },
  REQUEST_TIMEOUT_MS: { default: '30000', doc: 'a whole request (headers and body) must arrive within this' },
  KEEP_ALIVE_TIMEOUT_MS: { default: '5000', doc: 'an idle keep-alive connection is closed after this; behind a load balancer, set it above the balancer\'s idle timeout' },
  SHUTDOWN_DELAY_MS: { default: '0', doc: 'after SIGTERM, /readyz answers 503 and requests are still taken for this long, while a load balancer notices' },
  SHUTDOWN_TIMEOUT_MS: { default: '10000', doc: 'after that, requests in flight get this long to finish before their connections are closed' },
  SHUTDOWN_IDLE_GRACE_MS: { default: '1000', doc: 'then the port stays open, answering, while connections keep coming, at most this long, and a connection with no request in flight is closed once it has sent nothing for this long' },
  STORE_TIMEOUT_MS: { default: '5000', doc: 'PostgreSQL: deadline of one statement; an order whose insert may have been applied is then looked up for as long again' },
  CURRENCY: { default: 'CLP', doc: 'ISO 4217 currency of every amount' },
  TARIFF_TOWING_BASE: { default: '25000', doc: 'towing: base amount, in CURRENCY' },
  TARIFF_TOWING_PER_KM: { default: '1200', doc: 'towing: amount per km of the trip origin → destination' },
  TARIFF_BATTERY_BASE: { default: '18000', doc: 'battery jump-start: base amount' },
  TARIFF_BATTERY_PER_KM: { default: '0', doc: 'battery jump-start: amount per km' },
  TARIFF_TYRE_BASE: { default: '15000', doc: 'tyre change: base amount' },
  TARIFF_TYRE_PER_KM: { default: '0', doc: 'tyre change: amount per km' },
  PLATFORM_COMMISSION_PERCENT: { default: '15', doc: "platform's share of the total, in percent (two decimals at most)" },
  DISPATCH_RADIUS_KM: { default: '25', doc: 'operators farther than this from the origin (great circle) are not offered' },
  OFFER_TIMEOUT_SECONDS: { default: '30', doc: 'how long an operator has to accept an offer before it passes to the next nearest' },
  DISPATCH_GIVE_UP_MINUTES: { default: '15', doc: 'a paid order no operator takes within this is cancelled (reason `no_operator`) and refunded in full' },
  ORDER_CLOSE_AFTER_HOURS: { default: '24', doc: 'a finished order closes itself this long after it finished' },
  CANCELLATION_FEE_PERCENT: { default: '0', doc: "kept of the amount when the owner cancels after an operator accepted; the rest is refunded" },
  ORDER_TIMERS_POLL_MS: { default: '1000', doc: "how often each instance runs the orders' due timers (offers expiring, giving up, closing, refunds)" },
  CIRCUITY_FACTOR: { default: '1.25', doc: 'road distance over great-circle distance, for estimates' },
  AVERAGE_SPEED_KMH: { default: '30', doc: 'average road speed, for duration estimates' },
  PAYMENT_REFERENCE_LEGACY_FIELD: { default: '', doc: 'the legacy `<provider>Reference` key of the payment URL: one more REST key carrying it; in gateway mode, read from the legacy\'s answers (required then)' },
  ORDERS_UPSTREAM_URL: { default: '', doc: 'base URL of a running legacy order service: when set, the service runs as a gateway in front of it' },
  ORDERS_UPSTREAM_TOKEN: { default: '', doc: "sent upstream as `Authorization: Bearer …`; when unset, the caller's Authorization is forwarded unchanged" },
  ORDERS_UPSTREAM_TIMEOUT_MS: { default: '10000', doc: 'deadline of one upstream call, waiting for a connection and connecting included' },
  ROSTER_SYNC_SECONDS: { default: '2', doc: 'on PostgreSQL, how often each instance reads the roster changes of the others' },
  IDEMPOTENCY_KEY_TTL_HOURS: { default: '24', doc: 'how long an Idempotency-Key is remembered (at least 24 hours)' },
  SEED_DEMO_OPERATORS: { default: 'true', doc: 'seed the demo roster around Santiago into an empty store' },
  // Webhooks.
  WEBHOOKS_ALLOW_PRIVATE_URLS: { default: 'false', doc: '`true`: webhook endpoints may be on loopback, private, link-local and other non-public addresses (development, tests)' },
  WEBHOOKS_TIMEOUT_MS: { default: '10000', doc: 'deadline of one webhook delivery: the address lookup, the connection and the whole answer' },
  WEBHOOKS_POLL_MS: { default: '1000', doc: 'how often each instance looks for order events and due deliveries written by the others' },
  WEBHOOKS_CONCURRENCY: { default: '16', doc: 'webhook deliveries in flight at once, per instance' },
  WEBHOOKS_SECRET_OVERLAP_HOURS: { default: '24', doc: "after a webhook secret's rotation, how long deliveries are also signed with the previous secret" },
  // Routing and payment providers.
  ROUTING_PROVIDER: { default: 'great_circle', doc: 'how trips and approaches are estimated: `great_circle` (× CIRCUITY_FACTOR, no calls), `osrm` or `google`' },
  ROUTING_OSRM_URL: { default: '', doc: 'base URL of an OSRM server (osrm-routed), e.g. `http://osrm.internal:5000`; needed by `osrm`' },
  ROUTING_OSRM_PROFILE: { default: 'driving', doc: 'the profile segment of OSRM route URLs' },
  ROUTING_GOOGLE_API_KEY: { default: '', doc: 'a Google Maps Platform API key with the Routes API enabled; needed by `google`' },
  ROUTING_GOOGLE_URL: { default: 'https://routes.googleapis.com', doc: 'where the Google Routes API is reached' },
  ROUTING_GOOGLE_TRAFFIC: { default: 'false', doc: '`true`: traffic-aware durations (TRAFFIC_AWARE, billed at a higher rate)' },
  ROUTING_DEADLINE_MS: { default: '1000', doc: "how long an order waits for a leg's road route before it takes the great-circle estimate" },
  ROUTING_CACHE_SECONDS: { default: '600', doc: 'how long a road route is reused for legs between the same two ~100 m cells; `0`: no cache' },
  PAYMENTS_PROVIDER: { default: 'sandbox', doc: '`sandbox` (the service\'s own test checkout) or `mercado_pago` (Checkout Pro)' },
  PAYMENT_TIMEOUT_MS: { default: '5000', doc: 'deadline of one call to the payment provider; a link not made within it refuses the order (502)' },
  PAYMENT_LINK_TTL_MINUTES: { default: '30', doc: 'an unpaid payment link expires after this and its order is cancelled; `0`: never' },
  PAYMENT_NOTIFICATIONS_POLL_SECONDS: { default: '5', doc: 'how often kept payment notifications that are due (retries) are processed' },
  PAYMENTS_SANDBOX_MODE: { default: 'ok', doc: 'the sandbox: `ok`, `fail` (every link and refund fails: orders answer 502), `slow` (links and refunds take PAYMENTS_SANDBOX_DELAY_MS), `refund_fail` or `refund_slow` (refunds alone)' },
  PAYMENTS_SANDBOX_DELAY_MS: { default: '10000', doc: 'how long the sandbox takes to make a link, or to answer a refund, in the slow modes' },
  PAYMENTS_SANDBOX_SECRET: { default: '', doc: 'the secret the sandbox signs its notifications with; default derived from the HS256 secret in force' },
  MERCADO_PAGO_ACCESS_TOKEN: { default: '', doc: "the Mercado Pago application's access token (`APP_USR-…`, or `TEST-…`)" },
  MERCADO_PAGO_WEBHOOK_SECRET: { default: '', doc: "the application's webhook secret signature, to verify its notifications" },
  MERCADO_PAGO_API_URL: { default: 'https://api.mercadopago.com', doc: "where Mercado Pago's API is reached" },
  MERCADO_PAGO_TEST_CHECKOUT: { default: 'false', doc: '`true`: hand out the preference\'s `sandbox_init_point` instead of its `init_point`' },
  MERCADO_PAGO_BACK_URL: { default: '', doc: "where the payer's browser returns after paying (Checkout Pro `back_urls`); none when unset" },
  // Tracing (OpenTelemetry): off unless an exporter is named or an OTLP endpoint given.
  OTEL_SDK_DISABLED: { default: 'false', doc: '`true` turns tracing off, whatever else is set' },
  OTEL_TRACES_EXPORTER: { default: '', doc: 'where spans go: `otlp`, `zipkin`, `console` (comma-separated), or `none`; naming one turns tracing on' },
  OTEL_EXPORTER_OTLP_ENDPOINT: { default: '', doc: 'base URL of an OTLP collector (`/v1/traces` is appended for HTTP); setting it turns tracing on' },
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: { default: '', doc: "the OTLP collector's URL for traces, used as it is; setting it turns tracing on" },
  OTEL_TRACES_SAMPLER: { default: 'parentbased_always_on', doc: 'which traces are kept: `always_on`, `always_off`, `traceidratio`, or `parentbased_` before one of them' },
  OTEL_TRACES_SAMPLER_ARG: { default: '1', doc: 'the share of new traces kept by the `traceidratio` samplers, 0 to 1' },
  OTEL_SERVICE_NAME: { default: 'roadside-order-service', doc: "the spans' `service.name`" },
} as const satisfies Record<string, { default: string; doc: string }>;

export type SettingName = keyof typeof SETTINGS;

export class ConfigError extends Error {}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** When the embedded store acknowledges a write. */
  embeddedDurability: EmbeddedDurability;
  workers: number;
  auth: {
    jwtSecret: string | null;
    jwksUrl: string | null;
    issuer: string | null;
    audience: string | null;
    clockToleranceSeconds: number;
  };
  production: boolean;
  corsOrigins: string[];
  rateLimitPerMinute: number;
  /** Null: /metrics on the service's port, behind a token. */
  metricsPort: number | null;
  redisUrl: string | null;
  /** Live updates: the channel between instances, and how often an idle stream says it is alive. */
  events: { channel: string; keepAliveMs: number };
  /** What GraphQL shows of the schema; off in production unless asked for. */
  graphql: { introspection: boolean; graphiql: boolean; suggestions: boolean };
  publicUrl: string;
  logLevel: string;
  maxBodyBytes: number;
  timeouts: { headersMs: number; requestMs: number; keepAliveMs: number; storeMs: number };
  shutdown: { delayMs: number; timeoutMs: number; idleGraceMs: number };
  policy: OrderPolicy;
  lifecycle: LifePolicy & { offerRetryMs: number; timersPollMs: number };
  legacyPaymentField: string | null;
  /** Gateway mode: the legacy order service that makes the orders; null in native mode. */
  upstream: UpstreamConfig | null;
  idempotencyKeyTtlMs: number;
  rosterSyncMs: number;
  seedDemoOperators: boolean;
  routing: RoutingSettings & { deadlineMs: number };
  payments: PaymentSettings;
  tracing: TracingSettings;
  webhooks: WebhookSettings;
}

export interface WebhookSettings {
  allowPrivateUrls: boolean;
  /** Endpoints must be https (production); else http too. */
  httpsOnly: boolean;
  timeoutMs: number;
  pollMs: number;
  concurrency: number;
  secretOverlapMs: number;
}

export interface UpstreamConfig {
  url: string;
  /** Sent as `Bearer <it>`; null forwards the caller's Authorization. */
  token: string | null;
  timeoutMs: number;
  /** The legacy's key of the payment URL in its answers. */
  paymentField: string;
}

type Reader = {
  get(name: SettingName): string;
  number(name: SettingName, bounds?: { min?: number; max?: number; integer?: boolean }): number;
  flag(name: SettingName, otherwise: boolean): boolean;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const get = (name: SettingName): string => env[name]?.trim() || SETTINGS[name].default;
  const optional = (name: SettingName): string | null => get(name) || null;
  const number = (name: SettingName, { min = -Infinity, max = Infinity, integer = false } = {}): number => {
    const value = Number(get(name));
    if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
      throw new ConfigError(`${name}=${get(name)} is not a valid ${integer ? 'integer' : 'number'} in [${min}, ${max}]`);
    }
    return value;
  };

  const currency = get('CURRENCY').toUpperCase();
  try {
    minorUnitDigits(currency);
  } catch {
    throw new ConfigError(`CURRENCY=${currency} is not an ISO 4217 currency code`);
  }
  const money = (name: SettingName) => {
    const minor = toMinorUnits(number(name, { min: 0 }), currency);
    if (!Number.isSafeInteger(minor)) throw new ConfigError(`${name}=${get(name)} is not an amount in ${currency}`);
    return minor;
  };
  const tariffs: Record<ServiceCode, { base: number; perKm: number }> = {
    1: { base: money('TARIFF_TOWING_BASE'), perKm: money('TARIFF_TOWING_PER_KM') },
    2: { base: money('TARIFF_BATTERY_BASE'), perKm: money('TARIFF_BATTERY_PER_KM') },
    3: { base: money('TARIFF_TYRE_BASE'), perKm: money('TARIFF_TYRE_PER_KM') },
  };

  const port = number('PORT', { min: 0, max: 65535, integer: true });
  const secret = optional('AUTH_JWT_SECRET');
  if (secret && Buffer.byteLength(secret) < 32) throw new ConfigError('AUTH_JWT_SECRET must be at least 32 bytes');
  const databaseUrl = optional('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }

  if (number('HEADERS_TIMEOUT_MS') > number('REQUEST_TIMEOUT_MS')) {
    throw new ConfigError('HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS');
  }

  const production = get('NODE_ENV') === 'production';
  const flag = (name: SettingName, otherwise: boolean): boolean => {
    const value = get(name).toLowerCase();
    if (value === '') return otherwise;
    if (value !== 'true' && value !== 'false') throw new ConfigError(`${name}=${get(name)} must be true or false`);
    return value === 'true';
  };

  const embeddedDurability = get('EMBEDDED_DURABILITY') as EmbeddedDurability;
  if (!EMBEDDED_DURABILITIES.includes(embeddedDurability)) {
    throw new ConfigError(`EMBEDDED_DURABILITY=${embeddedDurability} must be one of ${EMBEDDED_DURABILITIES.join(', ')}`);
  }

  const workers = number('WORKERS', { min: 1, max: 256, integer: true });
  if (workers > 1 && !databaseUrl) {
    throw new ConfigError('WORKERS > 1 needs DATABASE_URL: the embedded store belongs to one process');
  }

  const legacyPaymentField = optional('PAYMENT_REFERENCE_LEGACY_FIELD');
  const upstream = upstreamConfig(optional('ORDERS_UPSTREAM_URL'), optional('ORDERS_UPSTREAM_TOKEN'),
    number('ORDERS_UPSTREAM_TIMEOUT_MS', { min: 100, max: 600_000, integer: true }), legacyPaymentField);

  return {
    port,
    workers,
    host: get('HOST'),
    dataDir: get('DATA_DIR'),
    databaseUrl,
    embeddedDurability,
    auth: {
      jwtSecret: secret,
      jwksUrl: optional('AUTH_JWKS_URL'),
      issuer: optional('AUTH_ISSUER'),
      audience: optional('AUTH_AUDIENCE'),
      clockToleranceSeconds: number('AUTH_CLOCK_TOLERANCE_SECONDS', { min: 0, max: 3600 }),
    },
    production,
    corsOrigins: corsOrigins(get('CORS_ORIGINS')),
    rateLimitPerMinute: number('RATE_LIMIT_PER_MINUTE', { min: 0, integer: true }),
    metricsPort: get('METRICS_PORT') ? number('METRICS_PORT', { min: 0, max: 65535, integer: true }) : null,
    redisUrl: redisUrl(optional('REDIS_URL')),
    events: {
      channel: eventsChannel(get('EVENTS_CHANNEL')),
      keepAliveMs: number('SUBSCRIPTION_KEEP_ALIVE_MS', { min: 1_000, max: 600_000, integer: true }),
    },
    graphql: {
      introspection: flag('GRAPHQL_INTROSPECTION', !production),
      graphiql: flag('GRAPHIQL', !production),
      // "Did you mean …?" spells out the schema: never in production.
      suggestions: !production,
    },
    publicUrl: (optional('PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    logLevel: get('LOG_LEVEL'),
    maxBodyBytes: number('MAX_BODY_BYTES', { min: 256, integer: true }),
    timeouts: {
      headersMs: number('HEADERS_TIMEOUT_MS', { min: 100, integer: true }),
      requestMs: number('REQUEST_TIMEOUT_MS', { min: 100, integer: true }),
      keepAliveMs: number('KEEP_ALIVE_TIMEOUT_MS', { min: 0, integer: true }),
      storeMs: number('STORE_TIMEOUT_MS', { min: 100, integer: true }),
    },
    shutdown: {
      delayMs: number('SHUTDOWN_DELAY_MS', { min: 0, integer: true }),
      timeoutMs: number('SHUTDOWN_TIMEOUT_MS', { min: 0, integer: true }),
      idleGraceMs: number('SHUTDOWN_IDLE_GRACE_MS', { min: 0, integer: true }),
    },
    policy: {
      pricing: {
        currency,
        tariffs,
        commissionBasisPoints: Math.round(number('PLATFORM_COMMISSION_PERCENT', { min: 0, max: 100 }) * 100),
      },
      dispatchRadiusMetres: number('DISPATCH_RADIUS_KM', { min: 0 }) * 1000,
      travel: {
        circuityFactor: number('CIRCUITY_FACTOR', { min: 1, max: 3 }),
        averageSpeedKmh: number('AVERAGE_SPEED_KMH', { min: 1, max: 200 }),
      },
    },
    lifecycle: lifecycleSettings(number),
    legacyPaymentField,
    upstream,
    idempotencyKeyTtlMs: number('IDEMPOTENCY_KEY_TTL_HOURS', { min: 24 }) * 3_600_000,
    rosterSyncMs: number('ROSTER_SYNC_SECONDS', { min: 0.1, max: 3600 }) * 1000,
    seedDemoOperators: get('SEED_DEMO_OPERATORS') !== 'false',
    routing: routingSettings({ get, number, flag }),
    payments: paymentSettings({ get, number, flag }),
    tracing: tracingSettings({ get, number, flag }),
    webhooks: {
      allowPrivateUrls: flag('WEBHOOKS_ALLOW_PRIVATE_URLS', false),
      httpsOnly: production,
      timeoutMs: number('WEBHOOKS_TIMEOUT_MS', { min: 100, max: 120_000, integer: true }),
      pollMs: number('WEBHOOKS_POLL_MS', { min: 10, max: 600_000, integer: true }),
      concurrency: number('WEBHOOKS_CONCURRENCY', { min: 1, max: 1024, integer: true }),
      secretOverlapMs: number('WEBHOOKS_SECRET_OVERLAP_HOURS', { min: 0, max: 24 * 30 }) * 3_600_000,
    },
  };
}

function lifecycleSettings(number: Reader['number']): Config['lifecycle'] {
  return {
    offerTimeoutMs: number('OFFER_TIMEOUT_SECONDS', { min: 1 }) * 1000,
    giveUpAfterMs: number('DISPATCH_GIVE_UP_MINUTES', { min: 0.1 }) * 60_000,
    closeAfterMs: number('ORDER_CLOSE_AFTER_HOURS', { min: 0 }) * 3_600_000,
    cancellationFeePercent: number('CANCELLATION_FEE_PERCENT', { min: 0, max: 100 }),
    // With nobody free to ask, dispatch looks again this often until it gives up.
    offerRetryMs: 10_000,
    timersPollMs: number('ORDER_TIMERS_POLL_MS', { min: 10, integer: true }),
  };
}

const ROUTING_PROVIDERS: readonly RoutingProviderName[] = ['great_circle', 'osrm', 'google'];

function routingSettings({ get, number, flag }: Reader): Config['routing'] {
  const provider = get('ROUTING_PROVIDER') as RoutingProviderName;
  if (!ROUTING_PROVIDERS.includes(provider)) {
    throw new ConfigError(`ROUTING_PROVIDER=${provider} must be one of ${ROUTING_PROVIDERS.join(', ')}`);
  }
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
    osrm: { baseUrl: httpUrl('ROUTING_OSRM_URL', get('ROUTING_OSRM_URL')), profile: get('ROUTING_OSRM_PROFILE') },
    google: {
      apiKey: get('ROUTING_GOOGLE_API_KEY'),
      baseUrl: httpUrl('ROUTING_GOOGLE_URL', get('ROUTING_GOOGLE_URL')),
      routingPreference: flag('ROUTING_GOOGLE_TRAFFIC', false) ? 'TRAFFIC_AWARE' : 'TRAFFIC_UNAWARE',
    },
    cache: cacheSeconds > 0 ? { ttlMs: cacheSeconds * 1000 } : false,
  };
}

function paymentSettings({ get, number, flag }: Reader): PaymentSettings {
  const provider = get('PAYMENTS_PROVIDER');
  if (provider !== 'sandbox' && provider !== 'mercado_pago') {
    throw new ConfigError(`PAYMENTS_PROVIDER=${provider} must be sandbox or mercado_pago`);
  }
  const mode = get('PAYMENTS_SANDBOX_MODE') as SandboxMode;
  if (!SANDBOX_MODES.includes(mode)) throw new ConfigError(`PAYMENTS_SANDBOX_MODE=${mode} must be one of ${SANDBOX_MODES.join(', ')}`);
  const accessToken = get('MERCADO_PAGO_ACCESS_TOKEN');
  const webhookSecret = get('MERCADO_PAGO_WEBHOOK_SECRET');
  if (provider === 'mercado_pago' && (!accessToken || !webhookSecret)) {
    throw new ConfigError('PAYMENTS_PROVIDER=mercado_pago needs MERCADO_PAGO_ACCESS_TOKEN and MERCADO_PAGO_WEBHOOK_SECRET');
  }
  const ttlMinutes = number('PAYMENT_LINK_TTL_MINUTES', { min: 0, max: 60 * 24 * 30 });
  const backUrl = get('MERCADO_PAGO_BACK_URL');
  return {
    provider,
    timeoutMs: number('PAYMENT_TIMEOUT_MS', { min: 100, max: 60_000, integer: true }),
    linkTtlMs: ttlMinutes > 0 ? ttlMinutes * 60_000 : null,
    pollMs: number('PAYMENT_NOTIFICATIONS_POLL_SECONDS', { min: 0.1, max: 3600 }) * 1000,
    sandbox: {
      mode,
      delayMs: number('PAYMENTS_SANDBOX_DELAY_MS', { min: 0, max: 600_000, integer: true }),
      secret: get('PAYMENTS_SANDBOX_SECRET') || null,
    },
    mercadoPago:
      provider === 'mercado_pago'
        ? {
            accessToken,
            webhookSecret,
            apiUrl: httpUrl('MERCADO_PAGO_API_URL', get('MERCADO_PAGO_API_URL')),
            testCheckout: flag('MERCADO_PAGO_TEST_CHECKOUT', false),
            backUrl: backUrl ? httpUrl('MERCADO_PAGO_BACK_URL', backUrl) : null,
          }
        : null,
  };
}

/**
 * Tracing is on once spans have somewhere to go: an exporter named, or an OTLP endpoint given.
 * The SDK reads the exporter's own variables (protocol, headers, timeouts) itself.
 */
function tracingSettings({ get, number, flag }: Reader): TracingSettings {
  const disabled = flag('OTEL_SDK_DISABLED', false);
  const exporters = get('OTEL_TRACES_EXPORTER').toLowerCase().split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = exporters.filter((name) => !(TRACE_EXPORTERS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new ConfigError(`OTEL_TRACES_EXPORTER: ${unknown.join(', ')} unknown; one of ${TRACE_EXPORTERS.join(', ')}`);
  if (exporters.includes('none') && exporters.length > 1) throw new ConfigError('OTEL_TRACES_EXPORTER: none goes alone');
  const endpoint = httpUrl('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', get('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT')) ||
    httpUrl('OTEL_EXPORTER_OTLP_ENDPOINT', get('OTEL_EXPORTER_OTLP_ENDPOINT'));
  const exporting = exporters.length > 0 ? !exporters.includes('none') : endpoint !== '';
  const sampler = get('OTEL_TRACES_SAMPLER').toLowerCase() as SamplerName;
  if (!SAMPLERS.includes(sampler)) throw new ConfigError(`OTEL_TRACES_SAMPLER=${sampler} must be one of ${SAMPLERS.join(', ')}`);
  return {
    enabled: exporting && !disabled,
    serviceName: get('OTEL_SERVICE_NAME'),
    sampler,
    // The argument means something to the ratio samplers alone; the others leave it unread.
    ratio: sampler.endsWith('traceidratio') ? number('OTEL_TRACES_SAMPLER_ARG', { min: 0, max: 1 }) : 1,
  };
}

/** An http(s) URL, or empty when unset. */
function httpUrl(name: SettingName, value: string): string {
  if (!value) return value;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new ConfigError(`${name}=${value} is not an http(s) URL`);
  return value.replace(/\/+$/, '');
}

/** The origins of CORS_ORIGINS, each `scheme://host[:port]` as a browser sends it. */
function corsOrigins(list: string): string[] {
  return list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      let origin: string;
      try {
        origin = new URL(item).origin;
      } catch {
        origin = 'null';
      }
      if (origin === 'null' || origin !== item.replace(/\/+$/, '')) {
        throw new ConfigError(`CORS_ORIGINS: ${item} is not an origin (scheme://host[:port], no path)`);
      }
      return origin;
    });
}

/** Gateway mode's settings, when ORDERS_UPSTREAM_URL is set. */
function upstreamConfig(url: string | null, token: string | null, timeoutMs: number, paymentField: string | null): UpstreamConfig | null {
  if (!url) return null;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw new ConfigError(`ORDERS_UPSTREAM_URL=${url} is not an http(s) URL`);
  }
  // The legacy names its payment key after its provider: without the name, no answer reads.
  if (!paymentField) throw new ConfigError('PAYMENT_REFERENCE_LEGACY_FIELD must be set when ORDERS_UPSTREAM_URL is');
  // Visible ASCII only: anything else could not be sent in a header, or would split it.
  if (token !== null && !/^[\x21-\x7e]+$/.test(token)) {
    throw new ConfigError('ORDERS_UPSTREAM_TOKEN must be visible ASCII characters, without spaces');
  }
  return { url: url.replace(/\/+$/, ''), token, timeoutMs, paymentField };
}

// A PostgreSQL identifier and a Redis channel alike, never quoted into trouble.
function eventsChannel(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) throw new ConfigError(`EVENTS_CHANNEL=${name} must be letters, digits and _ (at most 63), not starting with a digit`);
  return name;
}

function redisUrl(url: string | null): string | null {
  if (url && !/^rediss?:\/\//.test(url)) throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  return url;
}
