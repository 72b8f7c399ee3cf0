// A delivery that fails is tried again 5 s later, then three times as long after each failure,
// up to 4 h between tries: a receiver that restarts gets its events within seconds, one that is
// down for the night gets them in the morning. 14 tries cover about a day; then the delivery fails.
const FIRST_RETRY_MS = 5_000;
const FACTOR = 3;
const LONGEST_WAIT_MS = 4 * 3_600_000;
export const MAX_ATTEMPTS = 14;
// Up to a tenth more, at random, so that deliveries that failed together (a receiver's outage)
// do not all come back in the same second.
const JITTER = 0.1;

/** How long after its `attempts`-th failed try (1, 2, …) a delivery is tried again, jitter aside. */
export const retryWaitMs = (attempts: number): number =>
  Math.min(FIRST_RETRY_MS * FACTOR ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);

export type AfterFailure = { kind: 'retry'; at: Date } | { kind: 'fail' };

/** What follows a delivery's `attempts`-th failed try (counted with it). */
export function afterFailure(attempts: number, now: Date, random: () => number = Math.random): AfterFailure {
  if (attempts >= MAX_ATTEMPTS) return { kind: 'fail' };
  const wait = retryWaitMs(attempts) * (1 + JITTER * random());
  return { kind: 'retry', at: new Date(now.getTime() + Math.round(wait)) };
}
