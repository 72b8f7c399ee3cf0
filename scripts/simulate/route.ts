export interface Point {
  latitude: number;
  longitude: number;
}

/** Seconds from the service's duration format, `"278s"`. */
export function seconds(duration: string): number {
  const match = /^(\d+(?:\.\d+)?)s$/.exec(duration);
  return match ? Number(match[1]) : 0;
}

/**
 * The positions a leg from `from` to `to` is reported at, evenly along a straight line (the few
 * kilometres of a leg make degrees a fair plane), one per `tickMs` of the leg's `legMs`: at least
 * one on the way and the arrival, however fast the leg.
 */
export function legPositions(from: Point, to: Point, legMs: number, tickMs: number): { at: Point; afterMs: number }[] {
  const steps = Math.max(2, Math.ceil(legMs / tickMs));
  return Array.from({ length: steps }, (_, i) => {
    const f = (i + 1) / steps;
    const at = { latitude: from.latitude + (to.latitude - from.latitude) * f, longitude: from.longitude + (to.longitude - from.longitude) * f };
    return { at: { latitude: round(at.latitude), longitude: round(at.longitude) }, afterMs: legMs / steps };
  });
}

// Six decimals: a tenth of a metre, as the demo roster is written.
const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;
