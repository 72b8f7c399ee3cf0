import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { Point } from '../../../src/orders/domain/order.js';
import { fakeRoadMetres } from './fake-osrm.js';
import { hold, reset, sendHtml, sendJson, startFakeServer, type RecordedRequest } from './fake-server.js';

/** recorded: the documentation's example answer, word for word, whatever was asked. */
export type GoogleRoutesMode = 'ok' | 'recorded' | 'slow' | 'server_error' | 'malformed' | 'garbage' | 'no_route' | 'reset';

const EXAMPLE = JSON.parse(readFileSync(new URL('../../fixtures/google-routes-compute-routes.json', import.meta.url), 'utf8'));
export const FAKE_GOOGLE_KEY = 'fake-google-api-key';

// Google's error envelope (google.rpc.Status in JSON).
const googleError = (response: ServerResponse, code: number, status: string, message: string) =>
  sendJson(response, code, { error: { code, message, status } });

/**
 * The Routes API computeRoutes method on loopback. It checks what Google checks first (the
 * key, the field mask, the body), answers the recorded example's shape with the road computed
 * for the points asked, and returns only the fields the mask names.
 */
export async function startFakeGoogleRoutes(apiKey = FAKE_GOOGLE_KEY) {
  const state = { mode: 'ok' as GoogleRoutesMode, answered: 0 };
  const server = await startFakeServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/directions/v2:computeRoutes') {
      return googleError(response, 404, 'NOT_FOUND', `${request.method} ${request.url} not found`);
    }
    const key = request.headers['x-goog-api-key'];
    if (!key) return googleError(response, 403, 'PERMISSION_DENIED', 'The request is missing a valid API key.');
    if (key !== apiKey) return googleError(response, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
    const mask = String(request.headers['x-goog-fieldmask'] ?? '');
    if (!mask) return googleError(response, 400, 'INVALID_ARGUMENT', 'FieldMask is a required parameter.');
    const points = readPoints(request);
    if (!points) return googleError(response, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');

    switch (state.mode) {
      case 'slow':
        return hold(response);
      case 'reset':
        return reset(response);
      case 'server_error':
        return googleError(response, 500, 'INTERNAL', 'Internal error encountered.');
      case 'malformed':
        return sendHtml(response, 200);
      case 'no_route':
        return sendJson(response, 200, {});
      case 'recorded':
        return sendJson(response, 200, EXAMPLE);
      case 'garbage':
        return sendJson(response, 200, { routes: [{ distanceMeters: 'far', duration: 'soon' }] });
      case 'ok': {
        state.answered += 1;
        const metres = Math.round(fakeRoadMetres(points.from, points.to));
        const route = structuredClone(EXAMPLE.routes[0]);
        route.distanceMeters = metres;
        route.duration = `${Math.round(metres / 10)}s`;
        return sendJson(response, 200, { routes: [masked(route, mask)] });
      }
    }
  });
  return {
    url: server.url,
    requests: server.requests,
    get mode() {
      return state.mode;
    },
    set mode(mode: GoogleRoutesMode) {
      state.mode = mode;
    },
    get answered() {
      return state.answered;
    },
    get connections() {
      return server.connections;
    },
    close: server.close,
  };
}

function readPoints(request: RecordedRequest): { from: Point; to: Point } | undefined {
  try {
    const body = JSON.parse(request.body);
    const point = (w: { location?: { latLng?: { latitude?: unknown; longitude?: unknown } } }) => {
      const { latitude, longitude } = w?.location?.latLng ?? {};
      return typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : undefined;
    };
    const from = point(body.origin);
    const to = point(body.destination);
    return from && to && body.travelMode === 'DRIVE' ? { from, to } : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the route fields named by the mask (`routes.x`, `routes.x.y`), or all with `*`. */
function masked(route: Record<string, unknown>, mask: string): Record<string, unknown> {
  const paths = mask.split(',').map((p) => p.trim());
  if (paths.includes('*')) return route;
  const kept: Record<string, unknown> = {};
  for (const path of paths) {
    const [head, field] = path.split('.');
    if (head === 'routes' && field && field in route) kept[field] = route[field];
  }
  return kept;
}
