import { describe, expect, it, vi } from 'vitest';
import type { BreakerState } from '../../../src/gateway/legacy/breaker.js';
import { arrange, CALLER, towing } from './arrange-client.js';

describe('the circuit breaker', () => {
  const breaker = { consecutiveFailures: 3, halfOpenAfterMs: 300 };

  it('when the legacy keeps failing, then the breaker opens and calls fail at once without reaching it', async () => {
    const changes: BreakerState[] = [];
    const { fake, client } = await arrange({ breaker, onBreakerChange: (s) => changes.push(s) }, { mode: { kind: 'status', status: 503 } });

    for (let i = 0; i < 3; i++) await client.createOrder(towing, CALLER);
    const refused = await client.createOrder(towing, CALLER);

    expect(refused).toEqual({ kind: 'unavailable', mayHaveReached: false, reason: 'breaker-open' });
    expect(fake.requests).toHaveLength(3);
    expect(client.breakerState()).toBe('open');
    expect(changes).toEqual(['open']);
  });

  it('when the half-open delay has passed and the legacy is back, then one probe goes through and closes it', async () => {
    const changes: BreakerState[] = [];
    const { fake, client } = await arrange({ breaker, onBreakerChange: (s) => changes.push(s) }, { mode: { kind: 'status', status: 500 } });
    for (let i = 0; i < 3; i++) await client.createOrder(towing, CALLER);
    fake.setMode({ kind: 'ok' });

    await vi.waitFor(() => expect(client.breakerState()).toBe('half-open'));
    const probe = await client.createOrder(towing, CALLER);

    expect(probe.kind).toBe('order');
    expect(client.breakerState()).toBe('closed');
    expect(changes).toEqual(['open', 'half-open', 'closed']);
    expect(fake.requests).toHaveLength(4);
  });

  it('when a probe is under way, then other calls fail at once and do not reach the legacy', async () => {
    const { fake, client } = await arrange({ breaker }, { mode: { kind: 'status', status: 503 } });
    for (let i = 0; i < 3; i++) await client.createOrder(towing, CALLER);
    fake.setMode({ kind: 'slow', delayMs: 300 });
    await vi.waitFor(() => expect(client.breakerState()).toBe('half-open'));

    const probe = client.createOrder(towing, CALLER);
    await vi.waitFor(() => expect(fake.requests).toHaveLength(4));
    const meanwhile = await client.createOrder(towing, CALLER);

    expect(meanwhile).toEqual({ kind: 'unavailable', mayHaveReached: false, reason: 'breaker-open' });
    expect(fake.answered).toHaveLength(3);
    expect((await probe).kind).toBe('order');
    expect(fake.requests).toHaveLength(4);
    expect(client.breakerState()).toBe('closed');
  });

  it('when the probe fails, then the breaker opens again', async () => {
    const { fake, client } = await arrange({ breaker }, { mode: { kind: 'drop' } });
    for (let i = 0; i < 3; i++) await client.createOrder(towing, CALLER);
    await vi.waitFor(() => expect(client.breakerState()).toBe('half-open'));

    const probe = await client.createOrder(towing, CALLER);

    expect(probe).toMatchObject({ kind: 'unavailable', reason: 'reset' });
    expect(client.breakerState()).toBe('open');
    expect(await client.createOrder(towing, CALLER)).toMatchObject({ reason: 'breaker-open' });
    expect(fake.requests).toHaveLength(4);
  });

  it('when the legacy times out again and again, then the breaker opens', async () => {
    const { fake, client } = await arrange(
      { breaker: { consecutiveFailures: 2, halfOpenAfterMs: 60_000 }, timeoutMs: 100 },
      { mode: { kind: 'slow', delayMs: 1_000 } },
    );

    await client.createOrder(towing, CALLER);
    await client.createOrder(towing, CALLER);

    expect(client.breakerState()).toBe('open');
    expect(fake.requests).toHaveLength(2);
  });

  it('when the legacy refuses orders with 4xx, then the breaker stays closed: it is answering', async () => {
    const { fake, client } = await arrange({ breaker }, { mode: { kind: 'no-operator' } });

    for (let i = 0; i < 3; i++) await client.createOrder(towing, CALLER);
    fake.setMode({ kind: 'rejected' });
    for (let i = 0; i < 3; i++) await client.createOrder(towing, CALLER);

    expect(client.breakerState()).toBe('closed');
    expect(fake.requests).toHaveLength(6);
  });

  it('when failures are broken up by an answer, then they do not add up', async () => {
    const { fake, client } = await arrange({ breaker }, { mode: { kind: 'status', status: 503 } });

    for (const mode of ['fail', 'fail', 'ok', 'fail', 'fail'] as const) {
      fake.setMode(mode === 'ok' ? { kind: 'ok' } : { kind: 'status', status: 503 });
      await client.createOrder(towing, CALLER);
    }

    expect(client.breakerState()).toBe('closed');
  });
});
