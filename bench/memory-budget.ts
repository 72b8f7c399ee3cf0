import { load } from './load.js';
import { RefusedRun } from './measure.js';
import { uncleanRun } from './measurement.js';
import { peakRssMb, resetPeak, rssMb } from './memory.js';
import { quiet } from './proc.js';
import type { OrderLoad } from './requests.js';
import { LARGE_ROSTER, prepareRoster } from './roster.js';
import { startService } from './service.js';
import type { Settings } from './settings.js';

// The service's memory (its process group's, summed) at three moments: the peak of its start-up on
// a data dir it has never opened, its resident memory idle after start, and the peak under the
// create-order load (VmHWM reset once started, then read after the load), for the demo roster a
// new store seeds and for a roster of LARGE_ROSTER operators. Start-up's peak is VmHWM once the
// start has gone quiet (bench/proc.ts), and idle is read then: its work goes on past /readyz, and
// in the first run the demo roster's resident memory 2 s after /readyz was above the peak read at
// /readyz. The peak at /readyz is reported too.

export type RosterName = 'demo' | 'large';

export interface MemoryFigures {
  roster: RosterName;
  /** Operators in the store; null for the demo roster, whatever a new store seeds. */
  operators: number | null;
  /** VmHWM once /readyz answered. */
  readyPeakMb: number;
  /** VmHWM once the start went quiet: start-up's peak, judged. */
  startupPeakMb: number;
  idleMb: number;
  loadPeakMb: number;
  /** Orders a second over the load: what the peak was reached at. */
  okPerSecond: number;
}

export const rosterTitle = (f: Pick<MemoryFigures, 'operators'>) =>
  f.operators === null ? 'the demo roster' : `${f.operators.toLocaleString('en')} operators`;

export async function memorySection(settings: Settings, orders: OrderLoad): Promise<MemoryFigures[]> {
  console.log('memory, the demo roster…');
  const figures = [await memoryOf(settings, orders, 'demo', null)];
  console.log(`memory: importing ${LARGE_ROSTER.toLocaleString('en')} operators…`);
  const large = await prepareRoster(LARGE_ROSTER);
  console.log(`memory, ${LARGE_ROSTER.toLocaleString('en')} operators (imported in ${large.importSeconds.toFixed(1)} s)…`);
  figures.push(await memoryOf(settings, orders, 'large', large.dataDir));
  return figures;
}

async function memoryOf(settings: Settings, { env, rest }: OrderLoad, roster: RosterName, template: string | null): Promise<MemoryFigures> {
  const server = await startService(env, template ?? undefined);
  try {
    const readyPeakMb = await peakRssMb(server.pid);
    await quiet(server.pid);
    const startupPeakMb = await peakRssMb(server.pid);
    const idleMb = await rssMb(server.pid);
    await resetPeak(server.pid);
    const result = await load(server.url, rest, { connections: settings.connections, seconds: settings.warmupSeconds + settings.seconds });
    const unclean = uncleanRun(result);
    if (unclean) throw new RefusedRun(`memory, ${roster} roster: ${unclean}`);
    return {
      roster,
      operators: template === null ? null : LARGE_ROSTER,
      readyPeakMb: round(readyPeakMb),
      startupPeakMb: round(startupPeakMb),
      idleMb: round(idleMb),
      loadPeakMb: round(await peakRssMb(server.pid)),
      okPerSecond: round(result['2xx'] / result.duration),
    };
  } finally {
    await server.stop();
  }
}

export function printMemory(figures: MemoryFigures[]) {
  if (figures.length === 0) return;
  console.log('\nmemory of the service (its processes summed; REST create order for the load):');
  for (const f of figures) {
    console.log(`  ${rosterTitle(f)}: start-up peak ${f.startupPeakMb} MB (${f.readyPeakMb} MB at /readyz), idle ${f.idleMb} MB after start, ` +
      `peak under load ${f.loadPeakMb} MB (${Math.round(f.okPerSecond).toLocaleString('en')} req/s)`);
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
