import { relative } from 'node:path';
import { buildBaseline } from './baseline.js';
import { buildCostBuilds, costFigures, costSteps, costTargets, printCosts } from './costs.js';
import { killAllServers, REPO } from './child-server.js';
import { dataDisk, describeDataDisk } from './data-disk.js';
import { drivenSections, printDriven } from './driven.js';
import { flushDisk } from './disk.js';
import { buildReadsDurabilitySetting, durabilityFigures, durabilityPair, printDurability } from './durability.js';
import { gatewayFigures, gatewaySection, gatewayTargets, noOperatorTypes, printGatewayFigures, stopLegacyStandIn } from './gateway.js';
import { appendRun, recordOf } from './history/write.js';
import { measure, measureInTurn, RefusedRun } from './measure.js';
import { withShareOfCeiling, type Measurement } from './measurement.js';
import { memorySection, printMemory } from './memory-budget.js';
import { machine, printCpuTable, printTable, writeResults } from './report.js';
import { orderLoad } from './requests.js';
import { printRouting, routingSection } from './routing.js';
import { printScaling, scaling } from './scaling.js';
import { scenarios, type Step } from './scenarios.js';
import { buildService } from './service.js';
import { readSettings, runs, tracingSample } from './settings.js';
import { startupOnExistingStoreMs } from './startup.js';
import { printTargets, sectionTargets, targets } from './targets.js';
import { printTracing, tracingFigures, tracingPair } from './tracing.js';

async function main() {
  killServersOnExit();
  const settings = readSettings();
  const { cpu, cpus, node } = machine();
  const disk = dataDisk();
  console.log(`${cpu} × ${cpus}, node ${node}; ${settings.connections} connections, ` +
    `${settings.warmupSeconds} s warm-up, ${settings.seconds} s measured per scenario, ${settings.rounds} rounds` +
    `${settings.only ? `; only ${settings.only.join(', ')}` : ''}`);
  console.log(`the services' data dirs: under ${describeDataDisk(disk)}`);
  const sample = tracingSample();
  if (sample !== null) console.log(`the services traced: ${sample * 100} % of traces kept, sent to a local OTLP collector`);
  const compared = settings.baseline && (runs(settings, 'headline') || runs(settings, 'costs')) ? settings.baseline : null;
  if (compared) console.log(`baseline: ${compared.ref}, ${compared.label}`);
  console.log();

  await buildService();
  const baseline = compared ? await buildBaseline(compared.ref) : null;
  const load = await orderLoad();
  const steps: Step[] = await scenarios(settings, load, baseline);
  if (runs(settings, 'durability')) steps.push(durabilityPair(load, disk));
  if (compared && runs(settings, 'costs')) steps.push(...costSteps(compared, load, await buildCostBuilds(compared, baseline!), settings.rounds));
  if (runs(settings, 'gateway')) steps.push(await gatewaySection());
  if (runs(settings, 'tracing')) steps.push(tracingPair(load, settings.rounds));
  const measurements: Measurement[] = [];
  for (const step of steps) {
    if ('interleaved' in step) {
      measurements.push(...(await measureInTurn(step, settings)));
    } else {
      console.log(`${step.name}…`);
      measurements.push(await measure(step, settings));
    }
  }
  const noOperator = runs(settings, 'gateway') ? await noOperatorTypes() : undefined;
  await stopLegacyStandIn();
  const driven = await drivenSections(settings, load);
  const memory = runs(settings, 'memory') ? await memorySection(settings, load) : undefined;

  let startupMs = Number.NaN;
  if (runs(settings, 'startup')) {
    console.log('start-up on an existing store…');
    await flushDisk();
    startupMs = await startupOnExistingStoreMs({ NODE_ENV: 'production', AUTH_JWT_SECRET: 'x'.repeat(32) });
  }

  const report = withShareOfCeiling(measurements);
  console.log();
  if (report.length > 0) {
    printTable(report);
    printCpuTable(report);
  }
  const figures = scaling(report);
  if (figures) printScaling(figures);
  const durability = durabilityFigures(report, disk, buildReadsDurabilitySetting());
  if (durability) printDurability(durability);
  const gateway = noOperator ? gatewayFigures(report, noOperator) : undefined;
  if (gateway) printGatewayFigures(gateway);
  const costs = costFigures(report, compared);
  printCosts(costs);
  const tracing = tracingFigures(report);
  if (tracing) printTracing(tracing);
  printDriven(driven);
  if (memory) printMemory(memory);
  const goals = [
    ...targets(report, startupMs),
    ...costTargets(costs, compared),
    ...(gateway ? gatewayTargets(gateway) : []),
    ...sectionTargets({ tracing, memory, ...driven }),
  ];
  printTargets(goals);
  const routing = runs(settings, 'routing') ? await routingSection(settings) : undefined;
  if (routing) printRouting(routing);
  const summary = { scaling: figures, startupMs, gateway, durability, dataDisk: disk, targets: goals, routing, costs, tracing, memory, ...driven };
  const file = settings.only ? `${settings.only.join('+')}.json` : undefined;
  console.log(`\nwritten to ${await writeResults(report, settings, summary, file)}`);
  console.log(`recorded in ${relative(REPO, appendRun(recordOf(report, settings, summary)))} (the chart drawn again: npm run bench:history)`);
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
