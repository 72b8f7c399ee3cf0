import { killAllServers } from './child-server.js';
import { flushDisk } from './disk.js';
import { gatewayFigures, gatewaySection, gatewayTargets, noOperatorTypes, printGatewayFigures, stopLegacyStandIn } from './gateway.js';
import { load, sendOnce } from './load.js';
import { medianRound, summarize, uncleanRun, withShareOfCeiling, type Measurement } from './measurement.js';
import { peakRssMb, rssMb } from './memory.js';
import { machine, printTable, writeResults } from './report.js';
import { printRouting, routingSection } from './routing.js';
import { printScaling, scaling } from './scaling.js';
import { scenarios, type Interleaved, type Scenario } from './scenarios.js';
import { buildBaseline } from './baseline.js';
import { buildService } from './service.js';
import { readSettings, type Settings } from './settings.js';
import { startupOnExistingStoreMs } from './startup.js';
import { printTargets, targets } from './targets.js';

class RefusedRun extends Error {}

async function main() {
  killServersOnExit();
  const settings = readSettings();
  // BENCH_ONLY=gateway: the gateway section alone, without the headline, roster and start-up runs.
  const only = process.env.BENCH_ONLY?.trim() || undefined;
  if (only !== undefined && only !== 'gateway' && only !== 'routing') {
    throw new RefusedRun(`BENCH_ONLY=${only}: only "gateway" and "routing" are known`);
  }
  const { cpu, cpus, node } = machine();
  console.log(`${cpu} × ${cpus}, node ${node}; ${settings.connections} connections, ` +
    `${settings.warmupSeconds} s warm-up, ${settings.seconds} s measured per scenario\n`);

  await buildService();
  // BENCH_ONLY=routing: only the routing providers' section (OSRM against the great circle).
  if (only === 'routing') return printRouting(await routingSection(settings));
  if (settings.baseline && !only) console.log(`baseline: ${settings.baseline.ref}, ${settings.baseline.label}`);
  const baseline = settings.baseline && !only ? await buildBaseline(settings.baseline.ref) : null;
  const measurements: Measurement[] = [];
  const steps = only ? [] : await scenarios(baseline);
  steps.push(await gatewaySection());
  for (const step of steps) {
    if ('interleaved' in step) {
      measurements.push(...(await measureInTurn(step, settings)));
    } else {
      console.log(`${step.name}…`);
      measurements.push(await measure(step, settings));
    }
  }
  const noOperator = await noOperatorTypes();
  await stopLegacyStandIn();

  let startupMs = Number.NaN;
  if (!only) {
    console.log('start-up on an existing store…');
    await flushDisk();
    startupMs = await startupOnExistingStoreMs({ NODE_ENV: 'production', AUTH_JWT_SECRET: 'x'.repeat(32) });
  }

  const report = withShareOfCeiling(measurements);
  console.log();
  printTable(report);
  const figures = scaling(report);
  if (figures) printScaling(figures);
  const gateway = gatewayFigures(report, noOperator);
  if (gateway) printGatewayFigures(gateway);
  const goals = [...(only ? [] : targets(report, startupMs, settings.baseline)), ...(gateway ? gatewayTargets(gateway) : [])];
  printTargets(goals);
  if (!only) printRouting(await routingSection(settings));
  const summary = { scaling: figures, startupMs, gateway, targets: goals };
  console.log(`\nwritten to ${await writeResults(report, settings, summary, only ? `${only}.json` : undefined)}`);
}

async function measure(scenario: Scenario, settings: Settings): Promise<Measurement> {
  const server = await scenario.start();
  try {
    // What the store's copy, or anything before, left to write goes out before the load starts.
    await flushDisk();
    const startRssMb = await rssMb(server.pid);
    await expectSuccess(scenario, server.url, 'before the run');
    await load(server.url, scenario.request, { connections: settings.connections, seconds: settings.warmupSeconds });
    const result = await load(server.url, scenario.request, { connections: settings.connections, seconds: settings.seconds });
    const unclean = uncleanRun(result);
    if (unclean) throw new RefusedRun(`${scenario.name}: ${unclean}`);
    await expectSuccess(scenario, server.url, 'after the run');
    return summarize(scenario.name, result, { startRssMb, peakRssMb: await peakRssMb(server.pid) });
  } finally {
    await server.stop();
  }
}

/**
 * Each round measures every scenario once, every other round in reverse order, so that none is
 * always the one measured right after another; each scenario's row is its median round.
 */
async function measureInTurn({ interleaved, rounds }: Interleaved, settings: Settings): Promise<Measurement[]> {
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

function killServersOnExit() {
  process.on('exit', killAllServers);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      killAllServers();
      process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
    });
  }
}

main().catch((error: unknown) => {
  const refused = error instanceof RefusedRun;
  console.error(`\n${refused ? 'Refusing to report this run' : 'Bench failed'}: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
