import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeadlineError, withinDeadline } from '../../src/platform/deadline.js';
import { createLegEstimator, type Route, type RoutingProvider } from '../../src/orders/domain/routing.js';

const MS = 50;

/** A call that ends only by failing, with an error of its own, when its signal aborts. */
const cutOffOnly = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted by its signal'))));

describe('deadlines', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('when a call answers in time, then its answer is the result', async () => {
    await expect(withinDeadline(MS, async () => 'answered')).resolves.toBe('answered');
  });

  it('when a call fails in time, then its own error is the failure', async () => {
    const failure = new Error('provider said no');

    await expect(withinDeadline(MS, async () => Promise.reject(failure))).rejects.toBe(failure);
  });

  it('when the deadline passes, then the call’s signal aborts with the DeadlineError', async () => {
    let given: AbortSignal | undefined;
    const pending = withinDeadline(MS, (signal) => {
      given = signal;
      return new Promise(() => {});
    });
    const settled = expect(pending).rejects.toBeInstanceOf(DeadlineError);

    await vi.advanceTimersByTimeAsync(MS);
    await settled;
    expect(given?.aborted).toBe(true);
    expect(given?.reason).toBeInstanceOf(DeadlineError);
  });

  it('when a call ignores its signal, then it is cut off at the deadline with a DeadlineError', async () => {
    const pending = withinDeadline(MS, () => new Promise(() => {}));
    const settled = expect(pending).rejects.toBeInstanceOf(DeadlineError);

    await vi.advanceTimersByTimeAsync(MS);
    await settled;
  });

  it('when a call that fails only once its signal aborts reaches its deadline, then the failure is a DeadlineError, not the call’s own error', async () => {
    const pending = withinDeadline(MS, cutOffOnly);
    const settled = expect(pending).rejects.toBeInstanceOf(DeadlineError);

    await vi.advanceTimersByTimeAsync(MS);
    await settled;
  });

  it('when a routing provider that fails only once its signal aborts reaches its deadline, then the leg says the provider was late', async () => {
    const provider: RoutingProvider = { route: (_from, _to, signal) => cutOffOnly(signal) as Promise<Route> };
    const estimate = createLegEstimator({ provider, deadlineMs: MS, travel: { circuityFactor: 1.25, averageSpeedKmh: 30 } });

    const pending = estimate({ latitude: -33.4378, longitude: -70.6505 }, { latitude: -33.495, longitude: -70.58 });
    await vi.advanceTimersByTimeAsync(MS);

    expect((await pending).fallback).toBe('provider_late');
  });
});
