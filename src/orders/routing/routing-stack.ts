import type { Point } from '../domain/order.js';
import { NoRouteError, type Route, type RoutingProvider } from '../domain/routing.js';
import { cachedRouting, type RouteCacheOptions, type RouteCacheStats } from './cached.js';
import { createGoogleRoutesRouting } from './google-routes.js';
import { createOsrmRouting } from './osrm.js';
import { resilientRouting, type BreakerOptions, type BreakerState } from './resilient.js';

export type RoutingProviderName = 'great_circle' | 'osrm' | 'google';

export interface RoutingSettings {
  provider: RoutingProviderName;
  osrm?: { baseUrl: string; profile?: string };
  google?: { apiKey: string; baseUrl?: string; routingPreference?: 'TRAFFIC_UNAWARE' | 'TRAFFIC_AWARE' };
  /** Deadline of one HTTP call; the leg estimator aborts it sooner when its own deadline passes. */
  timeoutMs: number;
  connections?: number;
  /** false: no cache. */
  cache?: RouteCacheOptions | false;
  breaker?: BreakerOptions;
}

export interface RoutingObserver {
  /** Every call that reached the adapter: `ok`, `no_route`, or the failure's kind (timeout, server_error…). */
  call?(provider: RoutingProviderName, outcome: string, ms: number): void;
  /** Every lookup of the route cache. */
  cache?(hit: boolean): void;
}

export interface RoutingStack {
  /** null for great_circle: the leg estimator then needs nothing. */
  provider: RoutingProvider | null;
  cacheStats(): RouteCacheStats | null;
  breakerState(): BreakerState | null;
  close(): Promise<void>;
}

/** The configured adapter, behind a circuit breaker, behind a cache: cached(resilient(adapter)). */
export function createRoutingStack(settings: RoutingSettings, observe: RoutingObserver = {}): RoutingStack {
  if (settings.provider === 'great_circle') {
    return { provider: null, cacheStats: () => null, breakerState: () => null, close: async () => {} };
  }
  const adapter = createAdapter(settings);
  const resilient = resilientRouting(observed(adapter, settings.provider, observe), settings.breaker);
  const cached =
    settings.cache === false ? null : cachedRouting(resilient, Object.assign({ onLookup: observe.cache }, settings.cache));
  return {
    provider: cached ?? resilient,
    cacheStats: () => cached?.stats() ?? null,
    breakerState: () => resilient.state(),
    close: () => adapter.close(),
  };
}

function createAdapter(settings: RoutingSettings) {
  const { timeoutMs, connections } = settings;
  if (settings.provider === 'osrm') {
    if (!settings.osrm?.baseUrl) throw new Error('routing provider osrm needs its base URL');
    return createOsrmRouting({ baseUrl: settings.osrm.baseUrl, profile: settings.osrm.profile, timeoutMs, connections });
  }
  if (!settings.google?.apiKey) throw new Error('routing provider google needs an API key');
  return createGoogleRoutesRouting({
    apiKey: settings.google.apiKey,
    baseUrl: settings.google.baseUrl,
    routingPreference: settings.google.routingPreference,
    timeoutMs,
    connections,
  });
}

/** The adapter, its calls timed and told to the observer; the breaker's refusals never reach it. */
function observed(adapter: RoutingProvider, name: RoutingProviderName, observe: RoutingObserver): RoutingProvider {
  const call = observe.call;
  if (!call) return adapter;
  return {
    async route(from: Point, to: Point, signal: AbortSignal): Promise<Route> {
      const started = performance.now();
      try {
        const route = await adapter.route(from, to, signal);
        call(name, 'ok', performance.now() - started);
        return route;
      } catch (error) {
        const kind = error instanceof NoRouteError ? 'no_route' : ((error as { kind?: string }).kind ?? 'error');
        call(name, kind, performance.now() - started);
        throw error;
      }
    },
  };
}
