import type { Point } from '../domain/order.js';
import { NoRouteError, type Route, type RoutingProvider } from '../domain/routing.js';
import { createJsonClient, OutboundError } from '../../platform/outbound/json-client.js';

export interface OsrmOptions {
  /** Where osrm-routed listens, e.g. http://localhost:5000 (a path prefix is kept). */
  baseUrl: string;
  /** The profile segment of the URL; a stock osrm-routed serves the one dataset it was started with. */
  profile?: string;
  timeoutMs: number;
  connections?: number;
}

// The codes OSRM answers (with HTTP 400) when it understood the request and found no route:
// NoRoute, or NoSegment when a point cannot be snapped to any road.
// https://project-osrm.org/docs/v26.4.0/http (Responses; Route service)
const NO_ROUTE_CODES = new Set(['NoRoute', 'NoSegment']);

/**
 * OSRM's route service: `GET /route/v1/{profile}/{lon},{lat};{lon},{lat}?overview=false`,
 * answered with `code: "Ok"` and `routes[0].distance` (metres) and `.duration` (seconds).
 */
export function createOsrmRouting(options: OsrmOptions): RoutingProvider & { close(): Promise<void> } {
  const client = createJsonClient(options.baseUrl, {
    service: 'osrm',
    timeoutMs: options.timeoutMs,
    connections: options.connections,
    // osrm-routed allows "no more than 5 seconds between requests" on a kept-alive connection
    // (https://project-osrm.org/docs/v26.4.0/http): close ours before it does.
    keepAliveTimeoutMs: 4_000,
  });
  const profile = encodeURIComponent(options.profile ?? 'driving');
  const malformed = (detail: string, status: number) => new OutboundError('osrm', 'malformed', 'yes', detail, status);

  async function route(from: Point, to: Point, signal: AbortSignal): Promise<Route> {
    const path = `/route/v1/${profile}/${coordinates(from)};${coordinates(to)}?overview=false`;
    const { status, body } = await client.request({ method: 'GET', path, signal });
    const answer = (body ?? {}) as { code?: unknown; message?: unknown; routes?: unknown };
    if (status !== 200) {
      if (typeof answer.code === 'string' && NO_ROUTE_CODES.has(answer.code)) throw new NoRouteError();
      throw new OutboundError('osrm', 'rejected', 'yes', `answered ${status} ${String(answer.code ?? '')}`, status);
    }
    if (answer.code !== 'Ok') throw malformed(`code ${String(answer.code)} with status 200`, status);
    const first = Array.isArray(answer.routes) ? (answer.routes[0] as { distance?: unknown; duration?: unknown }) : undefined;
    if (!first || typeof first.distance !== 'number' || typeof first.duration !== 'number') {
      throw malformed('no routes[0].distance and .duration', status);
    }
    return { distanceMetres: first.distance, durationSeconds: first.duration };
  }

  return { route, close: () => client.close() };
}

// Longitude first, as OSRM wants; six decimals are about 0.1 m and never exponent notation.
const coordinates = (p: Point) => `${p.longitude.toFixed(6)},${p.latitude.toFixed(6)}`;
