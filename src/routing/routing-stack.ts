import type { RoutingProvider } from '../core/routing.js';
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

export interface RoutingStack {
  /** null for great_circle: the leg estimator then needs nothing. */
  provider: RoutingProvider | null;
  cacheStats(): RouteCacheStats | null;
  breakerState(): BreakerState | null;
  close(): Promise<void>;
}

/** The configured adapter, behind a circuit breaker, behind a cache: cached(resilient(adapter)). */
export function createRoutingStack(settings: RoutingSettings): RoutingStack {
  if (settings.provider === 'great_circle') {
    return { provider: null, cacheStats: () => null, breakerState: () => null, close: async () => {} };
  }
  const adapter = createAdapter(settings);
  const resilient = resilientRouting(adapter, settings.breaker);
  const cached = settings.cache === false ? null : cachedRouting(resilient, settings.cache);
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
