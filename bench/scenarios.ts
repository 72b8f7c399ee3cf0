import { cpus } from 'node:os';
import { startServer, type RunningServer } from './child-server.js';
import { CEILING } from './measurement.js';
import { startOnPostgres } from './postgres.js';
import { unlessCreateOrderSuccess, unlessOk, unlessRestOrder, unlessTypename, type Answer, type BenchRequest, type OrderLoad } from './requests.js';
import { LARGE_ROSTER, prepareRoster, SMALL_ROSTER } from './roster.js';
import { startService } from './service.js';
import { runs, type Settings } from './settings.js';

/**
 * Scenarios measured in turn, `rounds` times over, so that the machine's drift between one
 * scenario and the next (large on these shared machines) falls on each of them alike.
 */
export interface Interleaved {
  interleaved: Scenario[];
  rounds: number;
  /**
   * Each round loads every scenario at the same time, the connections shared out, rather than
   * one after another: for two builds compared within a few per cent, where rounds measured in
   * turn swing by tens of per cent on these machines (docs/performance.md).
   */
  sideBySide?: boolean;
  /**
   * Side by side, each scenario gets all the connections rather than a share: two builds compared
   * at the load each is judged at, their batches of orders the size they are alone.
   */
  connectionsEach?: boolean;
}

export type Step = Scenario | Interleaved;

export interface Scenario {
  name: string;
  start(): Promise<RunningServer>;
  request: BenchRequest;
  /** Why this answer is not a success; undefined when it is one. */
  problem(answer: Answer): string | undefined;
  /** Read the server's CPU by thread over the measured window: for a server of one process. */
  cpuByThread?: boolean;
}

// The two roster sizes are compared over this many rounds, each pair measured one right after the
// other. Two 10 s windows a minute apart differ widely on these machines, and the median of three
// ratios was still thrown far off (docs/performance.md).
export const ROSTER_ROUNDS = 5;
export const rosterScenario = {
  small: `REST create order, ${SMALL_ROSTER.toLocaleString('en')} operators`,
  large: `REST create order, ${LARGE_ROSTER.toLocaleString('en')} operators`,
  moves: `GraphQL moveOperator, ${LARGE_ROSTER.toLocaleString('en')} operators`,
};

export const headline = {
  rest: 'REST create order',
  graphql: 'GraphQL createOrder',
  graphqlById: 'GraphQL createOrder, by id (trusted documents)',
  restBaseline: 'REST create order, baseline build',
  graphqlBaseline: 'GraphQL createOrder, baseline build',
};

/**
 * The headline, the roster and PostgreSQL, as far as `settings` asks for them; in the headline
 * the first one is the ceiling the others are compared with: the ceiling and the two faces back
 * to back in each of `settings.rounds` rounds, so that each face's CPU per request is taken as a
 * multiple of the ceiling's within the round (the machine's speed drifts within minutes, and a
 * figure measured minutes apart drifted with it). `baseline`: another build's directory,
 * measured in the same rounds as the current one.
 */
export async function scenarios(settings: Settings, load: OrderLoad, baseline: string | null): Promise<Step[]> {
  const { env, rest, graphql, graphqlById, trustedEnv } = load;
  const steps: Step[] = [];
  if (runs(settings, 'headline')) {
    const baselines: Scenario[] = baseline
      ? [
          { name: headline.restBaseline, start: () => startService(env, undefined, baseline), request: rest, problem: unlessRestOrder, cpuByThread: true },
          { name: headline.graphqlBaseline, start: () => startService(env, undefined, baseline), request: graphql, problem: unlessCreateOrderSuccess, cpuByThread: true },
        ]
      : [];
    const ceiling: Scenario = { name: CEILING, start: () => startServer({ args: ['bench/bare-server.mjs'] }), request: rest, problem: unlessOk, cpuByThread: true };
    steps.push({
      interleaved: [
        ceiling,
        { name: headline.rest, start: () => startService(env), request: rest, problem: unlessRestOrder, cpuByThread: true },
        { name: headline.graphql, start: () => startService(env), request: graphql, problem: unlessCreateOrderSuccess, cpuByThread: true },
        // The same operation named by its id: no text to read, parse or validate per request.
        { name: headline.graphqlById, start: () => startService(trustedEnv), request: graphqlById, problem: unlessCreateOrderSuccess, cpuByThread: true },
        ...baselines,
      ],
      rounds: settings.rounds,
    });
  }
  if (runs(settings, 'roster')) steps.push(...(await rosterSteps(load)));
  if (runs(settings, 'postgres')) steps.push(...onPostgres(load));
  return steps;
}

async function rosterSteps({ env, rest, move }: OrderLoad): Promise<Step[]> {
  console.log(`importing the rosters of ${SMALL_ROSTER.toLocaleString('en')} and ${LARGE_ROSTER.toLocaleString('en')} operators…`);
  const small = await prepareRoster(SMALL_ROSTER);
  const large = await prepareRoster(LARGE_ROSTER);
  console.log(`imported in ${small.importSeconds.toFixed(1)} s and ${large.importSeconds.toFixed(1)} s\n`);
  return [
    {
      interleaved: [
        { name: rosterScenario.small, start: () => startService(env, small.dataDir), request: rest, problem: unlessRestOrder },
        { name: rosterScenario.large, start: () => startService(env, large.dataDir), request: rest, problem: unlessRestOrder },
      ],
      rounds: ROSTER_ROUNDS,
    },
    { name: rosterScenario.moves, start: () => startService(env, large.dataDir), request: move, problem: unlessTypename('moveOperator', 'MoveOperatorSuccess') },
  ];
}

/**
 * With DATABASE_URL (a server the bench may create databases on): the service on PostgreSQL,
 * one process and one per core.
 */
function onPostgres({ env, rest, graphql }: OrderLoad): Scenario[] {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return [];
  const workers = cpus().length;
  return [
    { name: 'REST create order, PostgreSQL, 1 worker', start: () => startOnPostgres(serverUrl, env, 1), request: rest, problem: unlessRestOrder },
    { name: `REST create order, PostgreSQL, ${workers} workers`, start: () => startOnPostgres(serverUrl, env, workers), request: rest, problem: unlessRestOrder },
    { name: `GraphQL createOrder, PostgreSQL, ${workers} workers`, start: () => startOnPostgres(serverUrl, env, workers), request: graphql, problem: unlessCreateOrderSuccess },
  ];
}
