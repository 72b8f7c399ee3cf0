import type { RunningServer } from './child-server.js';
import { cpuPerOrder } from './cpu.js';
import { flushDisk } from './disk.js';
import { load, sendOnce } from './load.js';
import { medianRound, summarize, uncleanRun, type Measurement } from './measurement.js';
import { peakRssMb, rssMb } from './memory.js';
import { cpuSnapshot, quiet, ticksPerSecond } from './proc.js';
import type { Interleaved, Scenario } from './scenarios.js';
import type { Settings } from './settings.js';

/** A run the bench will not report: a failed answer, an error, or a measurement that would mislead. */
export class RefusedRun extends Error {}

export async function measure(scenario: Scenario, settings: Settings): Promise<Measurement> {
  const [measurement] = await measureTogether([scenario], settings);
  return measurement!;
}

/**
 * The scenarios' servers started together and loaded at the same time, the connections shared
 * out among them (one scenario alone takes them all), or all of them each.
 */
async function measureTogether(scenarios: Scenario[], settings: Settings, connectionsEach = false): Promise<Measurement[]> {
  const servers: RunningServer[] = [];
  try {
    for (const scenario of scenarios) servers.push(await scenario.start());
    // What each start left running in the background is done before any load: else it falls in
    // the measured window of the one started last, and on its CPU per order.
    const quietNow = await Promise.all(servers.map((server) => quiet(server.pid)));
    quietNow.forEach((done, i) => done || console.log(`  ${scenarios[i]!.name}: still busy two minutes after its start; loaded all the same`));
    // What the store's copy, or anything before, left to write goes out before the load starts.
    await flushDisk();
    const connections = connectionsEach ? settings.connections : Math.max(1, Math.floor(settings.connections / scenarios.length));
    const loadAll = (seconds: number) =>
      Promise.all(scenarios.map((scenario, i) => load(servers[i]!.url, scenario.request, { connections, seconds })));
    const snapshots = () => Promise.all(scenarios.map((scenario, i) => (scenario.cpuByThread ? cpuSnapshot(servers[i]!.pid) : undefined)));
    const startRssMb = await Promise.all(servers.map((server) => rssMb(server.pid)));
    await Promise.all(scenarios.map((scenario, i) => expectSuccess(scenario, servers[i]!.url, 'before the run')));
    await loadAll(settings.warmupSeconds);
    const before = await snapshots();
    const results = await loadAll(settings.seconds);
    const after = await snapshots();
    return await Promise.all(
      scenarios.map(async (scenario, i) => {
        const result = results[i]!;
        const unclean = uncleanRun(result);
        if (unclean) throw new RefusedRun(`${scenario.name}: ${unclean}`);
        await expectSuccess(scenario, servers[i]!.url, 'after the run');
        const measurement = summarize(scenario.name, result, { startRssMb: startRssMb[i]!, peakRssMb: await peakRssMb(servers[i]!.pid) });
        const answered = { orders: result['2xx'], requests: result['2xx'] + result.non2xx };
        const [from, to] = [before[i], after[i]];
        return from && to ? Object.assign(measurement, { cpu: cpuPerOrder(from, to, answered, ticksPerSecond()) }) : measurement;
      }),
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/**
 * Each round measures every scenario once, every other round in reverse order, so that none is
 * always the one measured right after another; each scenario's row is its median round. Side by
 * side, each round measures them all at once instead, so that the machine's swings within the
 * round fall on each alike.
 */
export async function measureInTurn({ interleaved, rounds, sideBySide, connectionsEach }: Interleaved, settings: Settings): Promise<Measurement[]> {
  const measured = interleaved.map((): Measurement[] => []);
  for (let round = 1; round <= rounds; round++) {
    const order = [...interleaved.keys()];
    if (round % 2 === 0) order.reverse();
    const batches = sideBySide ? [order] : order.map((index) => [index]);
    for (const batch of batches) {
      const scenarios = batch.map((index) => interleaved[index]!);
      console.log(`${scenarios.map((s) => s.name).join(' beside ')}, round ${round} of ${rounds}…`);
      const measurements = await measureTogether(scenarios, settings, connectionsEach);
      batch.forEach((index, i) => measured[index]!.push(measurements[i]!));
    }
  }
  const group = interleaved[0]!.name;
  return measured.map((rows) => Object.assign(medianRound(rows), { interleavedWith: group }));
}

async function expectSuccess(scenario: Scenario, url: string, when: string) {
  const problem = scenario.problem(await sendOnce(url, scenario.request));
  if (problem) throw new RefusedRun(`${scenario.name}: the check request ${when} failed: ${problem}`);
}
