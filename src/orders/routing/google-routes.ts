import type { Point } from '../domain/order.js';
import { NoRouteError, type Route, type RoutingProvider } from '../domain/routing.js';
import { createJsonClient, OutboundError } from '../../platform/outbound/json-client.js';

export const GOOGLE_ROUTES_URL = 'https://routes.googleapis.com';

export interface GoogleRoutesOptions {
  apiKey: string;
  /** https://routes.googleapis.com unless a test points it elsewhere. */
  baseUrl?: string;
  timeoutMs: number;
  connections?: number;
  /** Unset: Google's default, TRAFFIC_UNAWARE. TRAFFIC_AWARE is billed at a higher SKU. */
  routingPreference?: 'TRAFFIC_UNAWARE' | 'TRAFFIC_AWARE' | 'TRAFFIC_AWARE_OPTIMAL';
}

// There is no default response: without a field mask the method answers an error.
// https://developers.google.com/maps/documentation/routes/choose_fields
const FIELD_MASK = 'routes.distanceMeters,routes.duration';
// google.protobuf.Duration in JSON: seconds with up to nine decimals and an "s".
const DURATION = /^(\d+(?:\.\d{1,9})?)s$/;

/**
 * Google Routes API computeRoutes, as in "Get a route"
 * (https://developers.google.com/maps/documentation/routes/compute_route_directions):
 * `POST /directions/v2:computeRoutes` with the key and the field mask in headers, answered
 * with `routes[0].distanceMeters` and `routes[0].duration` ("165s").
 */
export function createGoogleRoutesRouting(options: GoogleRoutesOptions): RoutingProvider & { close(): Promise<void> } {
  const client = createJsonClient(options.baseUrl ?? GOOGLE_ROUTES_URL, {
    service: 'google-routes',
    timeoutMs: options.timeoutMs,
    connections: options.connections,
  });
  const headers = { 'x-goog-api-key': options.apiKey, 'x-goog-fieldmask': FIELD_MASK };
  const malformed = (detail: string) => new OutboundError('google-routes', 'malformed', 'yes', detail, 200);

  async function route(from: Point, to: Point, signal: AbortSignal): Promise<Route> {
    const body = {
      origin: waypoint(from),
      destination: waypoint(to),
      travelMode: 'DRIVE',
      ...(options.routingPreference ? { routingPreference: options.routingPreference } : {}),
    };
    const answer = await client.request({ method: 'POST', path: '/directions/v2:computeRoutes', headers, body, signal });
    if (answer.status !== 200) {
      const error = (answer.body as { error?: { status?: unknown } } | undefined)?.error;
      throw new OutboundError('google-routes', 'rejected', 'yes', `answered ${answer.status} ${String(error?.status ?? '')}`, answer.status);
    }
    if (typeof answer.body !== 'object' || answer.body === null) throw malformed('answer is not an object');
    const { routes } = answer.body as { routes?: unknown };
    // An empty answer ({}) is how computeRoutes says it found no route.
    if (routes === undefined || (Array.isArray(routes) && routes.length === 0)) throw new NoRouteError();
    const first = Array.isArray(routes) ? (routes[0] as { distanceMeters?: unknown; duration?: unknown }) : undefined;
    if (typeof first !== 'object' || first === null) throw malformed('routes is not a list of routes');
    // Proto3 JSON leaves out fields at their default: an absent distance or duration is 0.
    const distance = first.distanceMeters ?? 0;
    const duration = DURATION.exec(String(first.duration ?? '0s'));
    if (typeof distance !== 'number' || !Number.isInteger(distance) || !duration) {
      throw malformed('routes[0] has no integer distanceMeters and "<seconds>s" duration');
    }
    return { distanceMetres: distance, durationSeconds: Number(duration[1]) };
  }

  return { route, close: () => client.close() };
}

const waypoint = (p: Point) => ({ location: { latLng: { latitude: p.latitude, longitude: p.longitude } } });
