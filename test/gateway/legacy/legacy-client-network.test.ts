import { setImmediate } from 'node:timers/promises';
import { buildConnector } from 'undici';
import { describe, expect, it, vi } from 'vitest';
import { createLegacyClient } from '../../../src/gateway/legacy/legacy-client.js';
import { freePort } from '../../support/server-process.js';
import { arrange, CALLER, towing, track } from './arrange-client.js';


describe('the deadline', () => {
  it('when the legacy is slower than the deadline, then the client answers timeout before the legacy answers', async () => {
    const { fake, client } = await arrange({ timeoutMs: 200 }, { mode: { kind: 'slow', delayMs: 1_500 } });

    const outcome = await client.createOrder(towing, CALLER);

    expect(outcome).toEqual({ kind: 'timeout', mayHaveReached: true });
    expect(fake.requests).toHaveLength(1);
    expect(fake.answered).toEqual([]);
    await fake.settled();
    expect(fake.answered).toHaveLength(1);
  });

  it('when no connection is made within the deadline, then the request is never sent, even once one is made', async () => {
    // The first connection takes its time, as to a legacy host that is slow to answer the handshake.
    const connect = buildConnector({});
    let slow = true;
    const slowFirst: buildConnector.connector = (options, callback) => {
      if (!slow) return connect(options, callback);
      slow = false;
      setTimeout(() => connect(options, callback), 800);
    };
    const { fake } = await arrange();
    const client = track(
      createLegacyClient({ baseUrl: fake.url, token: null, timeoutMs: 300, paymentField: fake.paymentField, connect: slowFirst }),
    );

    const late = await client.createOrder(towing, 'Bearer late');
    const next = await client.createOrder(towing, 'Bearer next');
    // The slow connection is made, then closed by the client without a request written on it.
    await vi.waitFor(() => expect([fake.connections, fake.openConnections]).toEqual([2, 1]), { timeout: 5_000 });

    expect(late).toEqual({ kind: 'timeout', mayHaveReached: false });
    expect(next.kind).toBe('order');
    expect(fake.requests.map((r) => r.headers.authorization)).toEqual(['Bearer next']);
  });
});

describe('never twice', () => {
  it('when the legacy drops the connection after reading the request, then it is unavailable, may have been made, and not sent again', async () => {
    const { fake, client } = await arrange({}, { mode: { kind: 'drop' } });

    const outcome = await client.createOrder(towing, CALLER);

    expect(outcome).toMatchObject({ kind: 'unavailable', mayHaveReached: true, reason: 'reset' });
    expect(fake.requests).toHaveLength(1);
  });

  it('when the connection is refused, then the request certainly never reached the legacy', async () => {
    const port = await freePort();
    const client = track(createLegacyClient({ baseUrl: `http://127.0.0.1:${port}`, token: null, timeoutMs: 2_000, paymentField: 'x' }));

    expect(await client.createOrder(towing, CALLER)).toEqual({
      kind: 'unavailable', mayHaveReached: false, reason: 'refused', detail: 'ECONNREFUSED',
    });
  });

  it('when the legacy host name does not resolve, then the request certainly never reached the legacy', async () => {
    // What Node's resolver reports for an unknown host, without asking a real one.
    const unresolved: buildConnector.connector = (_options, callback) =>
      callback(Object.assign(new Error('getaddrinfo ENOTFOUND legacy.invalid'), { code: 'ENOTFOUND' }), null);
    const client = track(
      createLegacyClient({ baseUrl: 'http://legacy.invalid', token: null, timeoutMs: 2_000, paymentField: 'x', connect: unresolved }),
    );

    expect(await client.createOrder(towing, CALLER)).toEqual({
      kind: 'unavailable', mayHaveReached: false, reason: 'dns', detail: 'ENOTFOUND',
    });
  });
});

describe('the connections', () => {
  it('when calls follow one another, then they share one kept-alive connection', async () => {
    const { fake, client } = await arrange();

    for (let i = 0; i < 4; i++) {
      expect((await client.createOrder(towing, CALLER)).kind).toBe('order');
      // undici hands a connection back one event-loop turn after its answer, once it has seen
      // any close the legacy sent on it: a call made within that turn would take a second one.
      await setImmediate();
    }

    expect(fake.connections).toBe(1);
    expect(fake.requests.map((r) => r.connection)).toEqual([1, 1, 1, 1]);
  });

  it('when calls come together, then each has a connection of its own, and they are kept for the next ones', async () => {
    const { fake, client } = await arrange();

    await Promise.all([1, 2, 3].map(() => client.createOrder(towing, CALLER)));
    await setImmediate();
    await Promise.all([1, 2, 3].map(() => client.createOrder(towing, CALLER)));

    expect(fake.requests).toHaveLength(6);
    expect(fake.connections).toBe(3);
  });
});
