import { cpuPerOrder } from './cpu.js';
import { flushDisk } from './disk.js';
import { load, sendOnce } from './load.js';
import { medianRound, summarize, uncleanRun, type Measurement } from './measurement.js';
import { peakRssMb, rssMb } from './memory.js';
import { cpuSnapshot, ticksPerSecond } from './proc.js';
import type { Interleaved, Scenario } from './scenarios.js';
import type { Settings } from './settings.js';

/** A run the bench will not report: a failed answer, an error, or a measurement that would mislead. */
export class RefusedRun extends Error {}

export async function measure(scenario: Scenario, settings: Settings): Promise<Measurement> {
  const server = await scenario.start();
  try {
    // What the store's copy, or anything before, left to write goes out before the load starts.
    await flushDisk();
    const startRssMb = await rssMb(server.pid);
    await expectSuccess(scenario, server.url, 'before the run');
    await load(server.url, scenario.request, { connections: settings.connections, seconds: settings.warmupSeconds });
    const before = scenario.cpuByThread ? await cpuSnapshot(server.pid) : undefined;
    const result = await load(server.url, scenario.request, { connections: settings.connections, seconds: settings.seconds });
    const after = before ? await cpuSnapshot(server.pid) : undefined;
    const unclean = uncleanRun(result);
    if (unclean) throw new RefusedRun(`${scenario.name}: ${unclean}`);
    await expectSuccess(scenario, server.url, 'after the run');
    const measurement = summarize(scenario.name, result, { startRssMb, peakRssMb: await peakRssMb(server.pid) });
    const answered = { orders: result['2xx'], requests: result['2xx'] + result.non2xx };
    return before && after ? Object.assign(measurement, { cpu: cpuPerOrder(before, after, answered, ticksPerSecond()) }) : measurement;
  } finally {
    await server.stop();
  }
}

/**
 * Each round measures every scenario once, every other round in reverse order, so that none is
 * always the one measured right after another; each scenario's row is its median round.
 */
export async function measureInTurn({ interleaved, rounds }: Interleaved, settings: Settings): Promise<Measurement[]> {
  const measured = interleaved.map((): Measurement[] => []);
  for (let round = 1; round <= rounds; round++) {
    const order = [...interleaved.keys()];
    if (round % 2 === 0) order.reverse();
    for (const index of order) {
      const scenario = interleaved[index]!;
      console.log(`${scenario.name}, round ${round} of ${rounds}…`);
      measured[index]!.push(await measure(scenario, settings));
    }
  }
  const group = interleaved[0]!.name;
  return measured.map((rows) => Object.assign(medianRound(rows), { interleavedWith: group }));
}

async function expectSuccess(scenario: Scenario, url: string, when: string) {
  const problem = scenario.problem(await sendOnce(url, scenario.request));
  if (problem) throw new RefusedRun(`${scenario.name}: the check request ${when} failed: ${problem}`);
}
