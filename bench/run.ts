import { killAllServers } from './child-server.js';
import { dataDisk, describeDataDisk } from './data-disk.js';
import { flushDisk } from './disk.js';
import { gatewayFigures, gatewaySection, gatewayTargets, noOperatorTypes, printGatewayFigures, stopLegacyStandIn } from './gateway.js';
import { measure, measureInTurn, RefusedRun } from './measure.js';
import { withShareOfCeiling, type Measurement } from './measurement.js';
import { machine, printCpuTable, printTable, writeResults } from './report.js';
import { printRouting, routingSection } from './routing.js';
import { printScaling, scaling } from './scaling.js';
import { scenarios } from './scenarios.js';
import { buildBaseline } from './baseline.js';
import { buildService } from './service.js';
import { readSettings } from './settings.js';
import { startupOnExistingStoreMs } from './startup.js';
import { printTargets, targets } from './targets.js';

async function main() {
  killServersOnExit();
  const settings = readSettings();
  // BENCH_ONLY=gateway: the gateway section alone, without the headline, roster and start-up runs.
  const only = process.env.BENCH_ONLY?.trim() || undefined;
  if (only !== undefined && only !== 'gateway' && only !== 'routing') {
    throw new RefusedRun(`BENCH_ONLY=${only}: only "gateway" and "routing" are known`);
  }
  const { cpu, cpus, node } = machine();
  const disk = dataDisk();
  console.log(`${cpu} × ${cpus}, node ${node}; ${settings.connections} connections, ` +
    `${settings.warmupSeconds} s warm-up, ${settings.seconds} s measured per scenario`);
  console.log(`the services' data dirs: under ${describeDataDisk(disk)}\n`);

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
  printCpuTable(report);
  const figures = scaling(report);
  if (figures) printScaling(figures);
  const gateway = gatewayFigures(report, noOperator);
  if (gateway) printGatewayFigures(gateway);
  const goals = [...(only ? [] : targets(report, startupMs, settings.baseline)), ...(gateway ? gatewayTargets(gateway) : [])];
  printTargets(goals);
  if (!only) printRouting(await routingSection(settings));
  const summary = { scaling: figures, startupMs, gateway, dataDisk: disk, targets: goals };
  console.log(`\nwritten to ${await writeResults(report, settings, summary, only ? `${only}.json` : undefined)}`);
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
