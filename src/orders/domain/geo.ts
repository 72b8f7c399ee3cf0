import type { Point } from './order.js';

// Mean Earth radius (IUGG), in metres.
const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Haversine distance in metres. */
export function greatCircleMetres(a: Point, b: Point): number {
  const dLat = (b.latitude - a.latitude) * RAD;
  const dLon = (b.longitude - a.longitude) * RAD;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * RAD) * Math.cos(b.latitude * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function formatCoordinates(p: Point): string {
  return `${p.latitude.toFixed(5)}, ${p.longitude.toFixed(5)}`;
}
