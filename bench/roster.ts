import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { dataDisk } from './data-disk.js';
import { REPO } from './child-server.js';
import { seededRandom } from '../test/support/seeded-random.js';

// The rosters are spread alike over the same square around Santiago, about 110 × 90 km, so that a
// larger roster is a denser one: the orders' origin always has operators near, and only the size
// of the roster changes between scenarios.
const CENTRE = { latitude: -33.45, longitude: -70.65 };
const SPREAD_DEGREES = 1;
const ON_DUTY_SHARE = 0.9;

// The roster sizes compared: order creation with the large one must keep 90 % of its speed with the small one.
export const SMALL_ROSTER = 1_000;
export const LARGE_ROSTER = 1_000_000;

export const operatorId = (n: number) => `op-${String(n).padStart(7, '0')}`;

/** A random position in the roster's square, for position updates. */
export function rosterPosition(next: () => number = Math.random) {
  return {
    latitude: CENTRE.latitude + (next() - 0.5) * SPREAD_DEGREES,
    longitude: CENTRE.longitude + (next() - 0.5) * SPREAD_DEGREES,
  };
}

export interface RosterRow {
  id: string;
  /** The service ids it offers: 1 towing, 2 battery, 3 tyre. */
  services: number[];
  latitude: number;
  longitude: number;
  onDuty: boolean;
}

/** The `count` operators of a generated roster, the same every time for the same count. */
export function* rosterRows(count: number): Generator<RosterRow> {
  const next = seededRandom(count);
  for (let n = 0; n < count; n++) {
    // Every non-empty set of the three services, alike.
    const mask = 1 + Math.floor(next() * 7);
    const services = [1, 2, 3].filter((s) => mask & (1 << (s - 1)));
    const { latitude, longitude } = rosterPosition(next);
    yield { id: operatorId(n), services, latitude, longitude, onDuty: next() < ON_DUTY_SHARE };
  }
}

async function writeRosterCsv(path: string, count: number) {
  const out = createWriteStream(path);
  out.write('id,name,phone,services,latitude,longitude,onDuty\n');
  let n = 0;
  for (const row of rosterRows(count)) {
    const line = `${row.id},Operador ${n},+5699${String(n).padStart(7, '0')},${row.services.join('|')},${row.latitude.toFixed(6)},${row.longitude.toFixed(6)},${row.onDuty}\n`;
    n += 1;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/**
 * A data directory holding `count` generated operators, put there by `npm run operators:import`
 * itself; services start from copies of it. Removed when the bench exits.
 */
export async function prepareRoster(count: number): Promise<{ dataDir: string; importSeconds: number }> {
  const dir = mkdtempSync(join(dataDisk().root, `bench-roster-${count}-`));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  process.on('exit', remove);
  const csv = join(dir, 'roster.csv');
  const dataDir = join(dir, 'data');
  await writeRosterCsv(csv, count);
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', 'operators:import', '--', csv], {
    cwd: REPO,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`importing ${count} operators failed (exit code ${code}):\n${output}`);
  rmSync(csv);
  return { dataDir, importSeconds: (Date.now() - started) / 1000 };
}
