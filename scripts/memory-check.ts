import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { killAllServers, startServer } from '../bench/child-server.js';
import { load } from '../bench/load.js';
import { peakRssMb, rssMb } from '../bench/memory.js';
import { orderLoad } from '../bench/requests.js';
import { prepareRoster } from '../bench/roster.js';

const USAGE = `npm run --silent build && tsx scripts/memory-check.ts [--operators N] [--idle S] [--load S] [--connections N]

Starts the built service (dist/main.js) on a new data directory, with the demo roster or, with
--operators, on a copy of a directory holding N generated operators (put there by
npm run operators:import), and prints its resident memory, in MB, summed over its process group:
- start-up peak: the highest of the group's VmHWM once /readyz answers and of the group's VmRSS
  sampled every 20 ms until then (a process that ended before /readyz, such as the one that makes
  a new data directory, is seen only by the sampling);
- idle: VmRSS after --idle seconds (10) without requests;
- load peak: VmHWM after --load seconds (15) of REST orders on --connections connections (50).`;

const { values: options } = parseArgs({
  options: {
    operators: { type: 'string' },
    idle: { type: 'string', default: '10' },
    load: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    'node-option': { type: 'string', multiple: true, default: [] },
    'data-dir': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

process.on('exit', killAllServers);
const requests = await orderLoad();
const dir = mkdtempSync(join(tmpdir(), 'memory-check-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const dataDir = join(dir, 'data');
const operators = options.operators === undefined ? undefined : Number(options.operators);
if (operators !== undefined) {
  const roster = await prepareRoster(operators);
  cpSync(roster.dataDir, dataDir, { recursive: true });
  console.log(`${operators} operators imported in ${roster.importSeconds.toFixed(1)} s`);
}

// The server's group is not known until it is started: its pid is the group's, and the sampling
// looks for node processes started from here (the server) and their children.
let sampledMb = 0;
let sampling = true;
const sampler = (async () => {
  while (sampling) {
    for (const pid of await childPids(process.pid)) sampledMb = Math.max(sampledMb, await rssMb(pid));
    await sleep(20);
  }
})();
const started = Date.now();
const server = await startServer({
  args: [...options['node-option'], 'dist/main.js'],
  env: Object.assign({}, requests.env, { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO_OPERATORS: String(operators === undefined) }),
});
const readyMs = Date.now() - started;
sampling = false;
await sampler;
const startPeak = Math.max(sampledMb, await peakRssMb(server.pid));
const readyRss = await rssMb(server.pid);
await sleep(Number(options.idle) * 1000);
const idle = await rssMb(server.pid);
const result = await load(server.url, requests.rest, { connections: Number(options.connections), seconds: Number(options.load) });
const loadPeak = await peakRssMb(server.pid);
await server.stop();

const mb = (n: number) => `${n.toFixed(0)} MB`;
console.log(`roster: ${operators === undefined ? 'the demo roster, new data directory' : `${operators} operators`}`);
console.log(`ready after ${readyMs} ms; start-up peak ${mb(startPeak)}, ${mb(readyRss)} once ready`);
console.log(`idle after ${options.idle} s: ${mb(idle)}`);
console.log(`load (${options.load} s, ${options.connections} connections, ${result['2xx']} answered 2xx, ${result.non2xx} not, ${(result['2xx'] / result.duration).toFixed(0)} 2xx/s): peak ${mb(loadPeak)}`);

/** The pids whose parent is `parent`, from /proc. */
async function childPids(parent: number): Promise<number[]> {
  const { readdir, readFile } = await import('node:fs/promises');
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const stats = await Promise.all(pids.map((pid) => readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')));
  return pids.filter((_, i) => Number(stats[i]!.slice(stats[i]!.lastIndexOf(')') + 2).split(' ')[1]) === parent);
}
