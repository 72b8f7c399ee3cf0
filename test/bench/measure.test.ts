import { describe, expect, it } from 'vitest';
import { startServer } from '../../bench/child-server.js';
import { measureInTurn } from '../../bench/measure.js';
import { unlessOk } from '../../bench/requests.js';
import type { Scenario } from '../../bench/scenarios.js';
import type { Settings } from '../../bench/settings.js';

const SETTINGS: Settings = { connections: 4, warmupSeconds: 1, seconds: 1, baseline: null, only: null, subscribers: 1 };
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

describe('measureInTurn', () => {
  it('when side by side, then each round loads both servers at once and measures each', async () => {
    const log: string[] = [];
    const rows = await measureInTurn({ interleaved: [logged('a', log), logged('b', log)], rounds: 2, sideBySide: true }, SETTINGS);
    expect(log).toEqual(['start a', 'start b', 'stop a', 'stop b', 'start b', 'start a', 'stop b', 'stop a']);
    expect(rows.map((r) => r.scenario)).toEqual(['a', 'b']);
    for (const row of rows) {
      expect(row.roundsPerSecond).toHaveLength(2);
      expect(row.okPerSecond).toBeGreaterThan(0);
      expect(row.cpu?.httpThreadUs).toBeGreaterThan(0);
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
