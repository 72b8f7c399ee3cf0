import { existsSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { REPO } from './child-server.js';

// File systems held in memory: an fsync there reaches no disk, and a store measured on one pays
// nothing for its durability.
const IN_MEMORY = new Set(['tmpfs', 'ramfs']);

export interface Mount {
  mountPoint: string;
  fsType: string;
  source: string;
}

/** Where the services' data directories are made, and what holds them. */
export interface DataDisk extends Mount {
  root: string;
  inMemory: boolean;
}

/** /proc/self/mountinfo: "id parent major:minor root mount-point options [optional…] - type source super-options". */
export function parseMountInfo(text: string): Mount[] {
  return text.split('\n').flatMap((line) => {
    const [before, after] = line.split(' - ');
    const fields = before?.split(' ');
    const [fsType, source] = after?.split(' ') ?? [];
    if (!fields || fields.length < 5 || !fsType) return [];
    return [{ mountPoint: unescapeOctal(fields[4]!), fsType, source: unescapeOctal(source ?? '') }];
  });
}

/** The mount a path is on: the last mounted of the longest mount points that hold it. */
export function mountOf(path: string, mounts: Mount[]): Mount | undefined {
  const holds = (m: Mount) => m.mountPoint === '/' || path === m.mountPoint || path.startsWith(m.mountPoint + sep);
  let found: Mount | undefined;
  for (const m of mounts) {
    if (holds(m) && (!found || m.mountPoint.length >= found.mountPoint.length)) found = m;
  }
  return found;
}

/** The first of `candidates` (real paths) not held in memory; the first one if all are. */
export function chooseDataDisk(candidates: string[], mounts: Mount[]): DataDisk {
  const disks = candidates.map((root): DataDisk => {
    const mount = mountOf(root, mounts) ?? { mountPoint: '?', fsType: 'unknown', source: 'unknown' };
    return Object.assign({ root, inMemory: IN_MEMORY.has(mount.fsType) }, mount);
  });
  if (disks.length === 0) throw new Error('no directory to make data directories in');
  return disks.find((d) => !d.inMemory) ?? disks[0]!;
}

let chosen: DataDisk | undefined;

/**
 * Where the services' data directories go: BENCH_DATA_DIR when set, else the system's temporary
 * directory unless it is held in memory, else /var/tmp, else bench/results/ (ignored by git).
 */
export function dataDisk(env = process.env): DataDisk {
  if (chosen) return chosen;
  const asked = env.BENCH_DATA_DIR?.trim();
  if (asked && !existsSync(asked)) throw new Error(`BENCH_DATA_DIR=${asked} does not exist`);
  const lastResort = join(REPO, 'bench', 'results');
  if (!asked) mkdirSync(lastResort, { recursive: true });
  const candidates = asked ? [asked] : [tmpdir(), '/var/tmp', lastResort].filter((dir) => existsSync(dir));
  chosen = chooseDataDisk(candidates.map((dir) => realpathSync(dir)), parseMountInfo(readFileSync('/proc/self/mountinfo', 'utf8')));
  return chosen;
}

export function describeDataDisk(disk: DataDisk): string {
  return `${disk.root} (${disk.fsType} on ${disk.source}${disk.inMemory ? ', IN MEMORY: no fsync reaches a disk' : ''})`;
}

function unescapeOctal(text: string): string {
  return text.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}
