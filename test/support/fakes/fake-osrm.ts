import { readFileSync } from 'node:fs';
import { greatCircleMetres } from '../../../src/orders/domain/geo.js';
import type { Point } from '../../../src/orders/domain/order.js';
import { hold, reset, sendHtml, sendJson, startFakeServer } from './fake-server.js';

/** recorded: the documentation's example answer, word for word, whatever was asked. */
export type OsrmMode = 'ok' | 'recorded' | 'slow' | 'server_error' | 'malformed' | 'garbage' | 'no_route' | 'reset';

const EXAMPLE = JSON.parse(readFileSync(new URL('../../fixtures/osrm-route.json', import.meta.url), 'utf8'));
const ROUTE_PATH = /^\/route\/v1\/([^/]+)\/(-?[\d.]+),(-?[\d.]+);(-?[\d.]+),(-?[\d.]+)$/;

/** By default a road 1.4 times the great circle, driven at 36 km/h (10 m/s). */
export const fakeRoadMetres = (from: Point, to: Point) => Math.round(greatCircleMetres(from, to) * 1.4 * 10) / 10;

/**
 * osrm-routed's route service on loopback, answering in the documented shape (the recorded
 * example with the road computed for the points asked). `mode` switches how it misbehaves.
 */
export async function startFakeOsrm(options: { delayMs?: number } = {}) {
  const state = { mode: 'ok' as OsrmMode, answered: 0 };
  // A real osrm-routed answers a city route in a few milliseconds; the bench asks for that.
  const delayed = (send: () => void) => (options.delayMs ? setTimeout(send, options.delayMs) : send());
  const server = await startFakeServer((request, response) => {
    const { pathname, searchParams } = new URL(request.url, 'http://osrm');
    const match = ROUTE_PATH.exec(pathname);
    if (request.method !== 'GET' || !match) {
      return sendJson(response, 400, { code: 'InvalidUrl', message: `URL string malformed close to position ${pathname.length}` });
    }
    if (searchParams.get('overview') !== 'false') {
      return sendJson(response, 400, { code: 'InvalidOptions', message: 'expected overview=false in this fake' });
    }
    const from = { longitude: Number(match[2]), latitude: Number(match[3]) };
    const to = { longitude: Number(match[4]), latitude: Number(match[5]) };
    switch (state.mode) {
      case 'slow':
        return hold(response);
      case 'reset':
        return reset(response);
      case 'server_error':
        return sendHtml(response, 503);
      case 'malformed':
        return sendHtml(response, 200);
      case 'no_route':
        return sendJson(response, 400, { code: 'NoRoute', message: 'Impossible route between points' });
      case 'garbage':
        return sendJson(response, 200, answer(from, to, -1, 5));
      case 'recorded':
        return sendJson(response, 200, EXAMPLE);
      case 'ok': {
        state.answered += 1;
        const distance = fakeRoadMetres(from, to);
        return delayed(() => sendJson(response, 200, answer(from, to, distance, Math.round(distance) / 10)));
      }
    }
  });
  return {
    url: server.url,
    requests: server.requests,
    get mode() {
      return state.mode;
    },
    set mode(mode: OsrmMode) {
      state.mode = mode;
    },
    /** Routes answered in mode ok. */
    get answered() {
      return state.answered;
    },
    get connections() {
      return server.connections;
    },
    close: server.close,
  };
}

function answer(from: Point, to: Point, distance: number, duration: number) {
  const body = structuredClone(EXAMPLE);
  const [route] = body.routes;
  route.distance = route.legs[0].distance = distance;
  route.duration = route.weight = route.legs[0].duration = route.legs[0].weight = duration;
  body.waypoints[0].location = [from.longitude, from.latitude];
  body.waypoints[1].location = [to.longitude, to.latitude];
  return body;
}
