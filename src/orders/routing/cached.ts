import { LRUCache } from 'lru-cache';
import type { Point } from '../domain/order.js';
import type { Route, RoutingProvider } from '../domain/routing.js';

export interface RouteCacheOptions {
  /**
   * Grid cell, in degrees of latitude and of longitude. 0.001° is 111 m north-south and about
   * 93 m east-west in Santiago: two trips whose ends share cells differ by at most a block at
   * each end, which moves a towing price by a few hundred pesos at most. A finer grid would
   * rarely hit; a coarser one would price one street's trip with another's.
   */
  cellDegrees?: number;
  /**
   * How long an answer is kept. Road distances change with the map data, not by the minute;
   * the bound is for durations (a traffic-aware provider) and for map updates, and 10 minutes
   * still serves a customer who re-quotes or retries from the same spot.
   */
  ttlMs?: number;
  /** Entries kept at most, least recently used dropped first (about 200 bytes each). */
  maxEntries?: number;
  /** Milliseconds; injected by tests. */
  now?: () => number;
  /** Told of every lookup: answered from the cache or not. */
  onLookup?: (hit: boolean) => void;
}

export interface RouteCacheStats {
  hits: number;
  misses: number;
  size: number;
}

export const DEFAULT_CELL_DEGREES = 0.001;
export const DEFAULT_ROUTE_TTL_MS = 10 * 60_000;
export const DEFAULT_ROUTE_CACHE_ENTRIES = 10_000;

/**
 * Answers a pair of points from a recent answer for a pair in the same two grid cells (in the
 * same direction: one-way streets make A→B and B→A differ). Only answers that are numbers
 * are kept, never failures. The leg estimator still clamps a cached answer to the great circle of the pair
 * actually asked, so a neighbour's shorter route cannot make a trip shorter than the great circle.
 */
export function cachedRouting(
  provider: RoutingProvider,
  options: RouteCacheOptions = {},
): RoutingProvider & { stats(): RouteCacheStats } {
  const cell = options.cellDegrees ?? DEFAULT_CELL_DEGREES;
  const ttlMs = options.ttlMs ?? DEFAULT_ROUTE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new LRUCache<string, { route: Route; expiresAt: number }>({
    max: options.maxEntries ?? DEFAULT_ROUTE_CACHE_ENTRIES,
  });
  let hits = 0;
  let misses = 0;
  const snap = (p: Point) => `${Math.floor(p.latitude / cell)},${Math.floor(p.longitude / cell)}`;

  async function route(from: Point, to: Point, signal: AbortSignal): Promise<Route> {
    const key = `${snap(from)};${snap(to)}`;
    const kept = entries.get(key);
    if (kept && kept.expiresAt > now()) {
      hits += 1;
      options.onLookup?.(true);
      return kept.route;
    }
    if (kept) entries.delete(key);
    misses += 1;
    options.onLookup?.(false);
    const answer = await provider.route(from, to, signal);
    if (isSane(answer)) entries.set(key, { route: answer, expiresAt: now() + ttlMs });
    return answer;
  }

  return { route, stats: () => ({ hits, misses, size: entries.size }) };
}

const isSane = ({ distanceMetres, durationSeconds }: Route) =>
  Number.isFinite(distanceMetres) && Number.isFinite(durationSeconds) && distanceMetres >= 0 && durationSeconds >= 0;
