/**
 * How long to wait before reconnecting, after `attempt` failures in a row: doubling from
 * `firstMs` up to `maxMs`, each wait between half and all of it, so that instances cut off
 * together do not all come back at the same moment.
 */
export function backoffMs(attempt: number, firstMs = 250, maxMs = 10_000): number {
  const full = Math.min(maxMs, firstMs * 2 ** Math.min(attempt, 20));
  return Math.round(full / 2 + (Math.random() * full) / 2);
}
