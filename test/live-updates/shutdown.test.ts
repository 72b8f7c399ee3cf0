import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/service/config.js';
import { createListener, type Listener } from '../../src/platform/listener.js';
import { startTestService, type TestService } from '../support/service.js';
import { TRANSPORTS } from './clients.js';
import { newOrder, watch } from './support.js';

describe('open subscriptions at shutdown', () => {
  let service: TestService;
  let listener: Listener;
  let base: string;
  beforeAll(async () => {
    service = await startTestService();
    listener = createListener(service.app, service.sql, loadConfig({}).timeouts);
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  });
  afterAll(() => service?.close());

  it('when the listener closes, then every stream completes and every WebSocket closes as going away, before the deadline', async () => {
    const order = await newOrder(service);
    const clients = TRANSPORTS.map((t) => t.connect(base, service.token));
    const updates = clients.map((client) => watch(client, order.id));
    const closes: number[] = [];
    const ws = clients.at(-1) as unknown as { on(event: 'closed', listener: (event: { code: number }) => void): void };
    ws.on('closed', (event) => closes.push(event.code));
    for (const u of updates) await expect.poll(u.steps).toEqual(['PENDING_PAYMENT']);

    const { cut } = await listener.closeGracefully(10_000);

    expect(cut).toBe(false);
    for (const u of updates) await expect.poll(() => u.state.completed).toBe(true);
    expect(updates.map((u) => u.codes())).toEqual([[], [], []]);
    await expect.poll(() => closes).toEqual([1001]);
    await Promise.all(clients.map((c) => c.dispose()));
  });
});
