import { greatCircleMetres } from './geo.js';
import type { Point } from './order.js';

export interface TravelModel {
  /** Road distance over great-circle distance; about 1.2–1.3 for urban road networks. */
  circuityFactor: number;
  averageSpeedKmh: number;
}

export interface Travel {
  distanceMetres: number;
  durationSeconds: number;
}

/**
 * Road trip estimate from a to b. Rounded up to whole metres so that it is never shorter than
 * the great circle (the circuity factor is at least 1).
 */
export function estimateTravel(a: Point, b: Point, model: TravelModel): Travel {
  const distanceMetres = Math.ceil(greatCircleMetres(a, b) * model.circuityFactor);
  const metresPerSecond = (model.averageSpeedKmh * 1000) / 3600;
  return { distanceMetres, durationSeconds: Math.round(distanceMetres / metresPerSecond) };
}
