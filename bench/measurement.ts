import type autocannon from 'autocannon';
import { medianCpu, type CpuPerOrder } from './cpu.js';
import { medianOfRoundRatios } from './median.js';

export interface Measurement {
  scenario: string;
  okPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  peakRssMb: number;
  /** Resident memory once the server was ready, before any load. */
  startRssMb: number;
  /**
   * okPerSecond as a percentage of the ceiling's (bare node:http): the median of the rounds'
   * shares when both were measured in the same interleaved rounds, else of the two rows' rates.
   */
  shareOfCeilingPercent: number;
  /** okPerSecond of each round, in order, when the scenario was measured in several. */
  roundsPerSecond?: number[];
  /** The first scenario of the interleaved rounds this one was measured in. */
  interleavedWith?: string;
  /** The server's CPU per order by thread over the measured window (each figure the median of the rounds). */
  cpu?: CpuPerOrder;
  /** The service's CPU per request (cpu.totalUs) of each round, in order, when read in several. */
  roundsCpuUs?: number[];
  /**
   * The service's CPU per request as a multiple of the ceiling's: the median of the rounds'
   * multiples when both were measured in the same rounds, else of the two rows' figures; NaN
   * when either was not read.
   */
  cpuOfCeiling?: number;
  /** Each round's multiple, in order, when measured in the ceiling's rounds. */
  cpuOfCeilingByRound?: number[];
}

export const CEILING = 'bare node:http';

export function summarize(scenario: string, result: autocannon.Result, memory: { startRssMb: number; peakRssMb: number }): Measurement {
  return {
    scenario,
    okPerSecond: round(result['2xx'] / result.duration),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    peakRssMb: round(memory.peakRssMb),
    startRssMb: round(memory.startRssMb),
    shareOfCeilingPercent: Number.NaN,
  };
}

/** Why a run cannot be reported: any answer other than 2xx, any error or timeout. */
export function uncleanRun(result: autocannon.Result): string | undefined {
  const problems: string[] = [];
  if (result.non2xx > 0) {
    const statuses = Object.entries(result.statusCodeStats)
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, { count }]) => `${count} × ${status}`);
    problems.push(`${result.non2xx} non-2xx answers (${statuses.join(', ')})`);
  }
  if (result.errors > 0) problems.push(`${result.errors} errors, ${result.timeouts} of them timeouts`);
  if (result['2xx'] === 0) problems.push('no 2xx answer at all');
  return problems.length > 0 ? problems.join('; ') : undefined;
}

/**
 * Several rounds of one scenario as one row: the round with the median rate (the lower middle one
 * of an even count), with the highest peak of memory of all, every round's rate, and each CPU
 * figure the median of its rounds'.
 */
export function medianRound(rounds: Measurement[]): Measurement {
  if (rounds.length === 0) throw new Error('no rounds to summarize');
  const middle = [...rounds].sort((a, b) => a.okPerSecond - b.okPerSecond)[Math.floor((rounds.length - 1) / 2)]!;
  const cpu = rounds.flatMap((r) => (r.cpu ? [r.cpu] : []));
  return Object.assign({}, middle, {
    peakRssMb: Math.max(...rounds.map((r) => r.peakRssMb)),
    roundsPerSecond: rounds.map((r) => r.okPerSecond),
    cpu: cpu.length > 0 ? medianCpu(cpu) : undefined,
    roundsCpuUs: cpu.length === rounds.length ? cpu.map((c) => c.totalUs) : undefined,
  });
}

/**
 * Each row's share of the ceiling's rate, and its CPU per request as a multiple of the ceiling's;
 * NaN for every row when the ceiling was not measured. Each taken within the round when the two
 * were measured in the same rounds: the machine drifts between rounds, and a multiple taken of
 * two figures measured back to back holds where each figure alone moves.
 */
export function withShareOfCeiling(measurements: Measurement[]): Measurement[] {
  const ceiling = measurements.find((m) => m.scenario === CEILING);
  return measurements.map((m) => {
    if (!ceiling) return Object.assign({}, m, { shareOfCeilingPercent: Number.NaN, cpuOfCeiling: Number.NaN });
    const sameRounds = m.interleavedWith !== undefined && m.interleavedWith === ceiling.interleavedWith;
    const share = (sameRounds ? medianOfRoundRatios(m.roundsPerSecond, ceiling.roundsPerSecond) : undefined) ?? m.okPerSecond / ceiling.okPerSecond;
    const byRound = sameRounds ? roundRatios(m.roundsCpuUs, ceiling.roundsCpuUs) : undefined;
    const multiple = (sameRounds ? medianOfRoundRatios(m.roundsCpuUs, ceiling.roundsCpuUs) : undefined) ??
      (m.cpu && ceiling.cpu ? m.cpu.totalUs / ceiling.cpu.totalUs : Number.NaN);
    return Object.assign({}, m, {
      shareOfCeilingPercent: round(share * 100),
      cpuOfCeiling: hundredths(multiple),
      ...(byRound ? { cpuOfCeilingByRound: byRound.map(hundredths) } : {}),
    });
  });
}

function roundRatios(a: number[] | undefined, b: number[] | undefined): number[] | undefined {
  return a && b && a.length > 0 && a.length === b.length ? a.map((x, i) => x / b[i]!) : undefined;
}

function hundredths(value: number): number {
  return Math.round(value * 100) / 100;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
