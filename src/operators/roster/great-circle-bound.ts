// The least great-circle distance from a point to any point of a longitude/latitude box, as the
// haversine of the angle (a quantity that grows with the distance). The method and the formulas are
// those of geokdbush (ISC, Vladimir Agafonkin), written for the boxes of an R-tree.
import type { Point } from '../../orders/domain/order.js';

const RAD = Math.PI / 180;
// Mean Earth radius (IUGG), in metres, as in core/estimate/geo.ts.
const EARTH_RADIUS_M = 6_371_008.8;

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const haverSin = (theta: number) => {
  const s = Math.sin(theta / 2);
  return s * s;
};

const haverSinDistPartial = (haverSinDLng: number, cosLat1: number, lat1: number, lat2: number) =>
  cosLat1 * Math.cos(lat2 * RAD) * haverSinDLng + haverSin((lat1 - lat2) * RAD);

/** What a query computes once for all the boxes it measures. */
export interface BoundQuery {
  latitude: number;
  longitude: number;
  cosLat: number;
  tanLat: number;
}

export const boundQuery = ({ latitude, longitude }: Point): BoundQuery => ({
  latitude,
  longitude,
  cosLat: Math.cos(latitude * RAD),
  tanLat: Math.tan(latitude * RAD),
});

/** The latitude at which the meridian `dLng` away comes closest to the query's latitude. */
function vertexLat(lat: number, tanLat: number, haverSinDLng: number): number {
  const cosDLng = 1 - 2 * haverSinDLng;
  if (cosDLng <= 0) return lat > 0 ? 90 : -90;
  return Math.atan(tanLat / cosDLng) / RAD;
}

/** x is the longitude, y the latitude. */
export function haverSinToBox(query: BoundQuery, box: Box): number {
  const { longitude: lng, latitude: lat, cosLat } = query;
  if (lng >= box.minX && lng <= box.maxX) {
    if (lat < box.minY) return haverSin((lat - box.minY) * RAD);
    if (lat > box.maxY) return haverSin((lat - box.maxY) * RAD);
    return 0;
  }
  // West or east of the box: the nearer of its two meridians (haverSin takes care of the wrap at
  // ±180°), at the latitude where that meridian is closest, or else at one of its corners.
  const haverSinDLng = Math.min(haverSin((lng - box.minX) * RAD), haverSin((lng - box.maxX) * RAD));
  const extremumLat = vertexLat(lat, query.tanLat, haverSinDLng);
  if (extremumLat > box.minY && extremumLat < box.maxY) {
    return haverSinDistPartial(haverSinDLng, cosLat, lat, extremumLat);
  }
  return Math.min(
    haverSinDistPartial(haverSinDLng, cosLat, lat, box.minY),
    haverSinDistPartial(haverSinDLng, cosLat, lat, box.maxY),
  );
}

export const haverSinToMetres = (h: number): number => 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
