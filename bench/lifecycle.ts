import { performance } from 'node:perf_hooks';
import { serviceClient, type ServiceClient } from './client.js';
import { flushDisk } from './disk.js';
import { RefusedRun } from './measure.js';
import { describeSpread, spread, type Spread } from './percentiles.js';
import { cpuSnapshot, ticksPerSecond } from './proc.js';
import { signToken, type OrderLoad } from './requests.js';
import { prepareRoster, rosterRows, SMALL_ROSTER } from './roster.js';
import { startService } from './service.js';
import type { Settings } from './settings.js';
import { windowCpu, type WindowCpu } from './window-cpu.js';
import { measuredWindow, type Window } from './window.js';

// The order's life under load: each of `connections` loops makes a towing order, pays it, and once
// it waits for an operator, the platform assigns it to the loop's own operator, who takes it
// through its four steps. Only the five transitions are timed. Assigning rather than accepting:
// the service offers an order to the operator nearest its origin, not to the loop's.
const ROSTER = SMALL_ROSTER;
const STEPS = ['PARTNER_GOING_TO_ORIGIN', 'PARTNER_IN_ORIGIN', 'PARTNER_GOING_TO_DESTINATION', 'FINISHED'] as const;
const ASSIGN = `mutation($orderId: ID!, $operatorId: ID!){ assignOrder(input: { orderId: $orderId, operatorId: $operatorId }){
  __typename ... on Error { code } } }`;
const ADVANCE = `mutation($orderId: ID!, $to: OrderStep!){ advanceOrder(input: { orderId: $orderId, to: $to }){
  __typename ... on Error { code } } }`;

// The service's timers as deployed, written out so that a change of a default does not change
// what is measured unseen: no offer expires and no order is given up within a run.
export const LIFE_SETTINGS = {
  OFFER_TIMEOUT_SECONDS: '30',
  DISPATCH_GIVE_UP_MINUTES: '15',
  ORDER_CLOSE_AFTER_HOURS: '24',
  PAYMENT_LINK_TTL_MINUTES: '30',
  ORDER_TIMERS_POLL_MS: '1000',
};

export interface LifecycleFigures {
  loops: number;
  seconds: number;
  /** Transitions (assign and the four advances) ended within the measured window. */
  transitions: number;
  perSecond: number;
  all: Spread;
  assign: Spread;
  advance: Spread;
  /** From the Pay button's answer to the order seen waiting for an operator (not a transition). */
  paidToPendingPartner: Spread;
  /** Orders taken from creation to FINISHED within the window. */
  finishedOrders: number;
  /** Over the measured window: the whole loop's work, not the transitions' alone. */
  cpu: WindowCpu;
}

interface Samples {
  assign: number[];
  advance: number[];
  paid: number[];
  finished: number;
}

export async function lifecycleSection(settings: Settings, { env }: OrderLoad): Promise<LifecycleFigures> {
  const loops = settings.connections;
  const operators = [...rosterRows(ROSTER)].filter((o) => o.onDuty && o.services.includes(1)).slice(0, loops).map((o) => o.id);
  if (operators.length < loops) throw new RefusedRun(`lifecycle: ${loops} loops, but only ${operators.length} operators of the roster can tow`);
  console.log(`lifecycle: importing a roster of ${ROSTER.toLocaleString('en')} operators…`);
  const roster = await prepareRoster(ROSTER);
  const secret = env.AUTH_JWT_SECRET!;
  const owner = await signToken(secret);
  const platform = await signToken(secret, 'orders:admin', { subject: 'bench-platform' });
  const operatorTokens = await Promise.all(operators.map((id) => signToken(secret, 'operator', { subject: id, claims: { operator_id: id } })));
  const server = await startService(Object.assign({}, env, LIFE_SETTINGS), roster.dataDir);
  const client = serviceClient(server.url, loops);
  try {
    await flushDisk();
    console.log(`lifecycle: ${loops} loops, ${settings.warmupSeconds} s warm-up, ${settings.seconds} s measured…`);
    // The warm-up starts once every loop has taken one order through: the first orders all come at once.
    let warmLoops = 0;
    let allWarm = () => {};
    const warm = new Promise<void>((resolve) => (allWarm = resolve));
    const window = measuredWindow(settings.warmupSeconds, settings.seconds, warm);
    const samples: Samples = { assign: [], advance: [], paid: [], finished: 0 };
    const run: Run = { client, window, samples, owner, platform, warmed: () => ++warmLoops === loops && allWarm() };
    const cpu = window.started.then(async () => {
      const before = await cpuSnapshot(server.pid);
      await window.done;
      return windowCpu(before, await cpuSnapshot(server.pid), settings.seconds, ticksPerSecond());
    });
    await Promise.all(operators.map((operatorId, i) => loop(run, operatorId, operatorTokens[i]!)));
    const all = samples.assign.concat(samples.advance);
    return {
      loops,
      seconds: settings.seconds,
      transitions: all.length,
      perSecond: Math.round((all.length / settings.seconds) * 10) / 10,
      all: spread(all),
      assign: spread(samples.assign),
      advance: spread(samples.advance),
      paidToPendingPartner: spread(samples.paid),
      finishedOrders: samples.finished,
      cpu: await cpu,
    };
  } finally {
    await client.close();
    await server.stop();
  }
}

interface Run {
  client: ServiceClient;
  window: Window;
  samples: Samples;
  owner: string;
  platform: string;
  /** A loop has taken its first order through. */
  warmed: () => void;
}

async function loop({ client, window, samples, owner, platform, warmed }: Run, operatorId: string, operatorToken: string) {
  const timed = async (into: number[], call: () => Promise<unknown>) => {
    const started = performance.now();
    await call();
    if (window.measuring) into.push(performance.now() - started);
  };
  try {
    for (let first = true; !window.over; first = false) {
      const order = await client.createOrder(owner);
      const orderId = String(order.id);
      await timed(samples.paid, async () => {
        await client.pay(order);
        await client.waitFor(owner, order.id, 'PENDING_PARTNER');
      });
      await timed(samples.assign, () => client.mutate(platform, 'assignOrder', ASSIGN, { orderId, operatorId }));
      for (const to of STEPS) await timed(samples.advance, () => client.mutate(operatorToken, 'advanceOrder', ADVANCE, { orderId, to }));
      if (window.measuring) samples.finished += 1;
      if (first) warmed();
    }
  } catch (error) {
    throw new RefusedRun(`lifecycle, operator ${operatorId}: ${error instanceof Error ? error.message : error}`);
  }
}

export function printLifecycle(f: LifecycleFigures) {
  console.log(`\nthe order's life, ${f.loops} loops on the embedded store, ${ROSTER.toLocaleString('en')} operators, ${f.seconds} s measured:`);
  console.log(`  ${f.perSecond.toLocaleString('en')} transitions/s (assign and four advances; ${f.finishedOrders.toLocaleString('en')} orders finished in the window)`);
  console.log(`  all transitions: ${describeSpread(f.all)}`);
  console.log(`  assignOrder: ${describeSpread(f.assign)}`);
  console.log(`  advanceOrder: ${describeSpread(f.advance)}`);
  console.log(`  (not timed: Pay until the order waits for an operator, ${describeSpread(f.paidToPendingPartner)})`);
  const generator = f.cpu.loadGeneratorCores === null ? '' : `, the driver ${f.cpu.loadGeneratorCores} cores`;
  console.log(`  the whole loops' work: the service used ${f.cpu.serviceCores} cores${generator}; machine ${f.cpu.machineIdlePercent} % idle`);
}
