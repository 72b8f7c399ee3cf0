import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startServer } from '../child-server.js';
import { measureInTurn } from '../measure.js';
import { unlessOk } from '../requests.js';
import type { Scenario } from '../scenarios.js';
import type { Settings } from '../settings.js';

const SETTINGS: Settings = { connections: 4, warmupSeconds: 1, seconds: 1, rounds: 2, baseline: null, only: null, subscribers: 1 };
const REQUEST = { method: 'POST' as const, path: '/', headers: { 'content-type': 'application/json' }, body: '{}' };

/** Bare node:http servers, each start and stop written down in `log` as it happens. */
function logged(name: string, log: string[]): Scenario {
  return {
    name,
    async start() {
      const server = await startServer({ args: ['bench/bare-server.mjs'] });
      log.push(`start ${name}`);
      return { ...server, stop: () => (log.push(`stop ${name}`), server.stop()) };
    },
    request: REQUEST,
    problem: unlessOk,
    cpuByThread: true,
  };
}

/** A node:http server in this process that counts the connections it is given, in `counts`. */
function counting(name: string, counts: Map<string, number>): Scenario {
  return {
    name,
    async start() {
      const server: Server = createServer((_req, res) => res.end('{}'));
      server.on('connection', () => counts.set(name, (counts.get(name) ?? 0) + 1));
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      const { port } = server.address() as AddressInfo;
      return { url: `http://127.0.0.1:${port}`, pid: process.pid, stop: () => new Promise<void>((done) => server.close(() => done())) };
    },
    request: REQUEST,
    problem: unlessOk,
  };
}

describe('measureInTurn', () => {
  it('when side by side, then the connections are shared out; with every connection each, then each server has all of them', async () => {
    const connectionsTo = async (connectionsEach: boolean) => {
      const counts = new Map<string, number>();
      await measureInTurn({ interleaved: [counting('a', counts), counting('b', counts)], rounds: 1, sideBySide: true, connectionsEach }, SETTINGS);
      return counts;
    };
    const [shared, each] = [await connectionsTo(false), await connectionsTo(true)];
    // The warm-up's and the run's loads open 2 connections to each server when shared, 4 each
    // otherwise; the check requests around the run open the same in both.
    for (const name of ['a', 'b']) expect(each.get(name)! - shared.get(name)!).toBe(2 * (4 - 2));
  }, 60_000);

  it('when side by side, then each round loads both servers at once and measures each', async () => {
    const log: string[] = [];
    const rows = await measureInTurn({ interleaved: [logged('a', log), logged('b', log)], rounds: 2, sideBySide: true }, SETTINGS);
    expect(log).toEqual(['start a', 'start b', 'stop a', 'stop b', 'start b', 'start a', 'stop b', 'stop a']);
    expect(rows.map((r) => r.scenario)).toEqual(['a', 'b']);
    for (const row of rows) {
      expect(row.roundsPerSecond).toHaveLength(2);
      expect(row.okPerSecond).toBeGreaterThan(0);
      expect(row.cpu?.httpThreadUs).toBeGreaterThan(0);
      // The process's own time holds every thread's, those that ended within the window too.
      expect(row.cpu!.totalUs).toBeGreaterThanOrEqual(row.cpu!.httpThreadUs);
      expect(row.roundsCpuUs).toHaveLength(2);
      expect(row.interleavedWith).toBe('a');
    }
  }, 60_000);

  it('when in turn, then each server runs alone', async () => {
    const log: string[] = [];
    const rows = await measureInTurn({ interleaved: [logged('a', log), logged('b', log)], rounds: 1 }, SETTINGS);
    expect(log).toEqual(['start a', 'stop a', 'start b', 'stop b']);
    expect(rows.every((r) => r.okPerSecond > 0)).toBe(true);
  }, 60_000);
});
