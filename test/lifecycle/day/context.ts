import type { Point, ServiceCode } from '../../../src/orders/domain/order.js';
import type { Sql } from '../../../src/platform/store/sql.js';
import type { FakeRefunder } from '../support/fake-refunder.js';
import type { LifeInstance } from '../support/instance.js';
import type { Agenda } from './agenda.js';

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

/** An order as the simulation knows it. */
export interface SimOrder {
  id: number;
  owner: string;
  reference: string;
  total: number;
  serviceCode: ServiceCode;
  origin: Point;
  destination: Point;
}

/** What every party of the simulation shares: the clock, the dice, the instances, the tallies. */
export interface Sim {
  sql: Sql;
  clock: Agenda;
  random: () => number;
  /** Two instances of the service over the one store; each request goes to either. */
  instances: LifeInstance[];
  refunds: FakeRefunder;
  /** How many times each thing happened, by name: for the report, and to see that each did. */
  tally: Map<string, number>;
  /** What went wrong that no party should ever see. */
  anomalies: string[];
}

export const between = (sim: Sim, low: number, high: number) => low + sim.random() * (high - low);
export const chance = (sim: Sim, p: number) => sim.random() < p;
export const anyInstance = (sim: Sim) => sim.instances[Math.floor(sim.random() * sim.instances.length)]!;
export const count = (sim: Sim, what: string) => sim.tally.set(what, (sim.tally.get(what) ?? 0) + 1);

/**
 * Makes a request and tallies how it ended: a refusal whose code is expected is an outcome like
 * any other; any other failure is an anomaly. Answers the result, or null when refused.
 */
export async function request<T>(
  sim: Sim,
  what: string,
  call: () => Promise<T>,
  refusals: readonly string[],
  refused: (error: { code: string; status?: string }) => void = () => {},
): Promise<T | null> {
  try {
    const result = await call();
    const repeat = (result as { changed?: boolean } | undefined)?.changed === false;
    count(sim, `${what}: ${repeat ? 'repeat' : 'done'}`);
    return result;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code && refusals.includes(code)) {
      count(sim, `${what}: ${code}`);
      refused(error as { code: string });
      return null;
    }
    sim.anomalies.push(`${what} at ${sim.clock.now().toISOString()}: ${String((error as Error)?.stack ?? error)}`);
    return null;
  }
}
