import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { serviceClient } from './client.js';
import { RefusedRun } from './measure.js';
import { rssMb } from './memory.js';
import { describeSpread, spread, type Spread } from './percentiles.js';
import { cpuSnapshot, ticksPerSecond } from './proc.js';
import { signToken, type OrderLoad } from './requests.js';
import { startService } from './service.js';
import type { Settings } from './settings.js';
import { openStreams } from './sse-subscribers.js';
import { changeOrders, paidOrders } from './steady-changes.js';
import { windowCpu, type WindowCpu } from './window-cpu.js';

// Live updates at scale: `subscribers` streams of `orderUpdated` on one instance, spread over
// ORDERS paid orders of one owner, while the platform pauses and resumes the orders. First as fast
// as the service answers, for the rate of changes it sustains on this machine with its
// subscribers; then on a steady beat at a share of that rate, where each event's delay (its
// arrival here less the change's `updatedAt` at the service) is judged. A fixed beat judged a
// slow machine near its limit, where every delay is a queue's, and a fast one far below it.
const ORDERS = 100;
/** The share of the sustained rate the delays are judged at. */
export const JUDGED_SHARE_OF_SUSTAINED = 0.5;
// The events of the last changes still arriving: the stream is over once none came for this long.
const QUIET_MS = 1_000;
const DRAIN_WITHIN_MS = 30_000;

export interface SubscriberFigures {
  subscribers: number;
  orders: number;
  /** From the first stream's request to the last one's first event. */
  openSeconds: number;
  firstEvent: Spread;
  rssBeforeMb: number;
  rssAfterMb: number;
  kbPerSubscriber: number;
  /** Changes a second the service answered, changed as fast as it answers, with its subscribers. */
  sustainedPerSecond: number;
  /** The beat the delays are judged at: JUDGED_SHARE_OF_SUSTAINED of the sustained rate. */
  askedPerSecond: number;
  /** How long the judged changes took, the last answered (asked for: the run's seconds). */
  seconds: number;
  changes: number;
  /** The judged changes × the subscribers of each order; a subscriber that falls behind reads the latest, skipping those between. */
  eventsExpected: number;
  eventsReceived: number;
  delay: Spread;
  lostStreams: number;
  cpu: WindowCpu;
}

export async function subscribersSection(settings: Settings, { env }: OrderLoad): Promise<SubscriberFigures> {
  const count = settings.subscribers;
  const orderCount = Math.min(ORDERS, count);
  checkOpenFiles(count);
  const owner = await signToken(env.AUTH_JWT_SECRET!);
  const platform = await signToken(env.AUTH_JWT_SECRET!, 'orders:admin', { subject: 'bench-platform' });
  const server = await startService(env);
  const client = serviceClient(server.url, orderCount);
  try {
    console.log(`subscribers: ${orderCount} paid orders…`);
    const orders = await paidOrders(client, owner, orderCount);
    const rssBeforeMb = await rssMb(server.pid);
    console.log(`subscribers: opening ${count.toLocaleString('en')} streams…`);
    const delays: number[] = [];
    let judging = false;
    let events = 0;
    const opened = Date.now();
    const streams = await openStreams(server.url, owner, orders, count, (_, updatedAt, arrived) => {
      events += 1;
      if (judging) delays.push(arrived - updatedAt);
    });
    const openSeconds = (Date.now() - opened) / 1000;
    try {
      await sleep(1_000);
      const rssAfterMb = await rssMb(server.pid);
      console.log(`subscribers: changing the orders as fast as the service answers for ${settings.seconds} s…`);
      const flatOut = performance.now();
      const sustained = await changeOrders(client, platform, orders, settings.seconds * 1000, null);
      const sustainedPerSecond = sum(sustained) / ((performance.now() - flatOut) / 1000);
      await drained(() => events);
      const askedPerSecond = Math.max(1, Math.round(sustainedPerSecond * JUDGED_SHARE_OF_SUSTAINED));
      console.log(`subscribers: ${Math.round(sustainedPerSecond)} changes a second sustained; ${askedPerSecond} a second for ${settings.seconds} s…`);
      judging = true;
      const before = await cpuSnapshot(server.pid);
      const started = performance.now();
      const changes = await changeOrders(client, platform, orders, settings.seconds * 1000, askedPerSecond);
      const after = await cpuSnapshot(server.pid);
      const seconds = (performance.now() - started) / 1000;
      const cpu = windowCpu(before, after, seconds, ticksPerSecond());
      await drained(() => delays.length);
      if (streams.lost > 0 || streams.errors > 0) throw new RefusedRun(`subscribers: ${streams.lost} streams lost, ${streams.errors} error events`);
      const perOrder = (i: number) => Math.floor(count / orderCount) + (i < count % orderCount ? 1 : 0);
      return {
        subscribers: count,
        orders: orderCount,
        openSeconds,
        firstEvent: spread(streams.firstEventMs),
        rssBeforeMb: round(rssBeforeMb),
        rssAfterMb: round(rssAfterMb),
        kbPerSubscriber: round(((rssAfterMb - rssBeforeMb) * 1024) / count),
        sustainedPerSecond: round(sustainedPerSecond),
        askedPerSecond,
        seconds: round(seconds),
        changes: sum(changes),
        eventsExpected: changes.reduce((total, n, i) => total + n * perOrder(i), 0),
        eventsReceived: delays.length,
        delay: spread(delays),
        lostStreams: streams.lost,
        cpu,
      };
    } finally {
      streams.close();
    }
  } finally {
    await client.close();
    await server.stop();
  }
}

async function drained(received: () => number) {
  const deadline = Date.now() + DRAIN_WITHIN_MS;
  let last = -1;
  while (received() !== last && Date.now() < deadline) {
    last = received();
    await sleep(QUIET_MS);
  }
}

/** Each stream is a socket here and one in the service, which inherits this process's limit. */
function checkOpenFiles(streams: number) {
  const limit = Number(/^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? Number.POSITIVE_INFINITY);
  if (limit < streams + 1_000) {
    throw new RefusedRun(`subscribers: ${streams} streams need more open files than the limit of ${limit} (ulimit -n; npm run bench raises it to the hard limit)`);
  }
}

export function printSubscribers(f: SubscriberFigures) {
  console.log(`\nlive updates, ${f.subscribers.toLocaleString('en')} SSE subscribers of orderUpdated on one instance (${f.orders} orders, embedded store):`);
  console.log(`  opened in ${f.openSeconds.toFixed(1)} s; first event ${describeSpread(f.firstEvent)}`);
  console.log(`  service RSS ${f.rssBeforeMb} MB before, ${f.rssAfterMb} MB subscribed: ${f.kbPerSubscriber} KB per subscriber`);
  const rate = Math.round(f.changes / f.seconds);
  console.log(`  ${Math.round(f.sustainedPerSecond)} changes a second sustained, changed as fast as the service answers; judged at ${f.askedPerSecond} a second:`);
  console.log(`  ${f.changes.toLocaleString('en')} changes in ${f.seconds} s (${rate} a second, ${f.askedPerSecond} asked for); ` +
    `${f.eventsReceived.toLocaleString('en')} of ${f.eventsExpected.toLocaleString('en')} events received`);
  console.log(`  change to arrival: ${describeSpread(f.delay)}`);
  const generator = f.cpu.loadGeneratorCores === null ? '' : `, the subscribers and driver ${f.cpu.loadGeneratorCores} cores`;
  console.log(`  while changing: the service used ${f.cpu.serviceCores} cores${generator}; machine ${f.cpu.machineIdlePercent} % idle`);
}

function sum(values: number[]): number {
  return values.reduce((total, n) => total + n, 0);
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
