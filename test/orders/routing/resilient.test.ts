import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Point } from '../../../src/orders/domain/order.js';
import { NoRouteError, RoutingUnavailableError, type RoutingProvider } from '../../../src/orders/domain/routing.js';
import { resilientRouting } from '../../../src/orders/routing/resilient.js';

const from: Point = { latitude: -33.4378, longitude: -70.6505 };
const to: Point = { latitude: -33.495, longitude: -70.58 };
const signal = () => new AbortController().signal;
const failureOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

/** A provider whose health the test switches; counts the calls that reached it. */
function switchable() {
  const state = { healthy: false, calls: 0, noRoute: false };
  const provider: RoutingProvider = {
    async route() {
      state.calls += 1;
      if (state.noRoute) throw new NoRouteError();
      if (!state.healthy) throw new Error('503');
      return { distanceMetres: 9_000, durationSeconds: 900 };
    },
  };
  return { provider, state };
}

// cockatiel reads Date.now() to decide when an open circuit may probe: a fake clock drives it.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-02T03:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the routing circuit breaker', () => {
  it('when the provider fails the configured number of times in a row, then the circuit opens and calls fail at once', async () => {
    const { provider, state } = switchable();
    const routing = resilientRouting(provider, { consecutiveFailures: 3, halfOpenAfterMs: 10_000 });

    for (let i = 0; i < 3; i += 1) await failureOf(routing.route(from, to, signal()));
    const failFast = await failureOf(routing.route(from, to, signal()));

    expect(routing.state()).toBe('open');
    expect(failFast).toBeInstanceOf(RoutingUnavailableError);
    expect(state.calls).toBe(3);
  });

  it('while the circuit is open and the wait is not over, then the provider is not asked even when healthy', async () => {
    const { provider, state } = switchable();
    const routing = resilientRouting(provider, { consecutiveFailures: 2, halfOpenAfterMs: 10_000 });
    for (let i = 0; i < 2; i += 1) await failureOf(routing.route(from, to, signal()));
    state.healthy = true;

    vi.advanceTimersByTime(9_999);
    const error = await failureOf(routing.route(from, to, signal()));

    expect(error).toBeInstanceOf(RoutingUnavailableError);
    expect(state.calls).toBe(2);
  });

  it('after the wait, then one call probes the provider and a success closes the circuit', async () => {
    const { provider, state } = switchable();
    const routing = resilientRouting(provider, { consecutiveFailures: 2, halfOpenAfterMs: 10_000 });
    for (let i = 0; i < 2; i += 1) await failureOf(routing.route(from, to, signal()));
    state.healthy = true;

    vi.advanceTimersByTime(10_000);
    const probe = await routing.route(from, to, signal());

    expect(probe.distanceMetres).toBe(9_000);
    expect(routing.state()).toBe('closed');
    expect(state.calls).toBe(3);
  });

  it('after the wait, when the probe fails, then the circuit opens again', async () => {
    const { provider, state } = switchable();
    const routing = resilientRouting(provider, { consecutiveFailures: 2, halfOpenAfterMs: 10_000 });
    for (let i = 0; i < 2; i += 1) await failureOf(routing.route(from, to, signal()));

    vi.advanceTimersByTime(10_000);
    await failureOf(routing.route(from, to, signal()));
    const next = await failureOf(routing.route(from, to, signal()));

    expect(routing.state()).toBe('open');
    expect(next).toBeInstanceOf(RoutingUnavailableError);
    expect(state.calls).toBe(3);
  });

  it('when the provider says there is no road, then that is an answer and the circuit stays closed', async () => {
    const { provider, state } = switchable();
    state.noRoute = true;
    const routing = resilientRouting(provider, { consecutiveFailures: 2 });

    for (let i = 0; i < 5; i += 1) {
      expect(await failureOf(routing.route(from, to, signal()))).toBeInstanceOf(NoRouteError);
    }

    expect(routing.state()).toBe('closed');
  });

  it('when the provider keeps being aborted at the deadline, then that counts as failing', async () => {
    const slow: RoutingProvider = {
      route: (_f, _t, abort) => new Promise((_, reject) => abort.addEventListener('abort', () => reject(abort.reason))),
    };
    const routing = resilientRouting(slow, { consecutiveFailures: 2 });

    for (let i = 0; i < 2; i += 1) {
      const deadline = new AbortController();
      const pending = failureOf(routing.route(from, to, deadline.signal));
      deadline.abort(new Error('deadline'));
      await pending;
    }

    expect(routing.state()).toBe('open');
  });
});
