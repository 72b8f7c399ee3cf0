import { setTimeout as sleep } from 'node:timers/promises';
import { serviceClient, type ServiceClient } from './client.js';
import { RefusedRun } from './measure.js';
import { describeSpread, spread, type Spread } from './percentiles.js';
import { cpuSnapshot, ticksPerSecond } from './proc.js';
import { signToken, type OrderLoad } from './requests.js';
import { startService } from './service.js';
import type { Settings } from './settings.js';
import { startReceiver, type Arrival } from './webhook-receiver.js';
import { windowCpu, type WindowCpu } from './window-cpu.js';

// Webhooks under a steady flow of orders: one endpoint of the orders' owner, on loopback over
// https, taking `order.created`; REST orders made at a fixed rate (an open loop: a slow delivery
// does not slow the orders) for the run's seconds, an integrator's busy hour rather than the
// service's ceiling. Each delivery's delay is its arrival at the receiver less the change's time
// its body carries. Deliveries that fall behind are waited for while they still come.
const ORDERS_PER_SECOND = 50;
const CONNECTIONS = 50;
const STALLED_AFTER_MS = 10_000;
const DELIVERED_WITHIN_MS = 120_000;
const CREATE_ENDPOINT = `mutation($url: String!){ createWebhookEndpoint(input: { url: $url, events: ["order.created"] }){
  __typename ... on Error { code } } }`;

export interface WebhookFigures {
  ordersPerSecond: number;
  seconds: number;
  created: number;
  /** Distinct deliveries (by webhook-id) that reached the receiver before the wait for them ended. */
  delivered: number;
  /** Deliveries that came again under an id already taken (at least once). */
  repeats: number;
  /** Deliveries that arrived within the orders' window, per second of it. */
  deliveriesPerSecond: number;
  /** From the last order's answer to the last delivery's arrival. */
  drainSeconds: number;
  /** Of the deliveries that came: those still owed are not in it. */
  delay: Spread;
  cpu: WindowCpu;
}

export async function webhooksSection(settings: Settings, { env }: OrderLoad): Promise<WebhookFigures> {
  const receiver = await startReceiver();
  const owner = await signToken(env.AUTH_JWT_SECRET!);
  const server = await startService(Object.assign({}, env, { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true', NODE_EXTRA_CA_CERTS: receiver.caFile }));
  const client = serviceClient(server.url, CONNECTIONS);
  try {
    await client.mutate(owner, 'createWebhookEndpoint', CREATE_ENDPOINT, { url: receiver.url });
    console.log(`webhooks: ${ORDERS_PER_SECOND} orders a second for ${settings.seconds} s…`);
    const before = await cpuSnapshot(server.pid);
    const started = Date.now();
    const created = await steadyOrders(client, owner, settings.seconds * 1000);
    const ended = Date.now();
    const after = await cpuSnapshot(server.pid);
    await allDelivered(receiver.arrivals, created);
    const arrivals = firstOfEach(receiver.arrivals.filter((a) => a.type === 'order.created'));
    if (arrivals.length === 0) throw new RefusedRun(`webhooks: none of ${created} orders delivered`);
    const inWindow = arrivals.filter((a) => a.arrivedMs >= started && a.arrivedMs <= ended).length;
    return {
      ordersPerSecond: ORDERS_PER_SECOND,
      seconds: settings.seconds,
      created,
      delivered: arrivals.length,
      repeats: receiver.arrivals.length - arrivals.length,
      deliveriesPerSecond: Math.round((inWindow / ((ended - started) / 1000)) * 10) / 10,
      drainSeconds: Math.max(0, Math.max(...arrivals.map((a) => a.arrivedMs)) - ended) / 1000,
      delay: spread(arrivals.map((a) => a.arrivedMs - a.changedMs)),
      cpu: windowCpu(before, after, (ended - started) / 1000, ticksPerSecond()),
    };
  } finally {
    await client.close();
    await server.stop();
    await receiver.close();
  }
}

/** REST orders at ORDERS_PER_SECOND, each sent when due whatever the ones before it; answers how many were made. */
async function steadyOrders(client: ServiceClient, owner: string, ms: number): Promise<number> {
  const start = performance.now();
  const sent: Promise<unknown>[] = [];
  for (let k = 0; (k * 1000) / ORDERS_PER_SECOND < ms; k++) {
    await sleep(Math.max(0, start + (k * 1000) / ORDERS_PER_SECOND - performance.now()));
    sent.push(client.createOrder(owner));
  }
  await Promise.all(sent);
  return sent.length;
}

/** Until every order's delivery came, or none came for STALLED_AFTER_MS, or DELIVERED_WITHIN_MS passed. */
async function allDelivered(arrivals: Arrival[], created: number) {
  const deadline = Date.now() + DELIVERED_WITHIN_MS;
  let progressAt = Date.now();
  let seen = 0;
  while (seen < created && Date.now() < deadline && Date.now() - progressAt < STALLED_AFTER_MS) {
    await sleep(100);
    if (arrivals.length > seen) progressAt = Date.now();
    seen = new Set(arrivals.map((a) => a.webhookId)).size;
  }
}

/** Each delivery once: the first arrival of each webhook-id. */
function firstOfEach(arrivals: Arrival[]): Arrival[] {
  const seen = new Set<string>();
  return arrivals.filter((a) => !seen.has(a.webhookId) && seen.add(a.webhookId));
}

export function printWebhooks(f: WebhookFigures) {
  console.log(`\nwebhooks, one endpoint on loopback (https), order.created for ${f.ordersPerSecond} REST orders a second over ${f.seconds} s:`);
  const owed = f.created - f.delivered;
  console.log(`  ${f.delivered.toLocaleString('en')} of ${f.created.toLocaleString('en')} delivered${owed > 0 ? ` (${owed.toLocaleString('en')} still owed when the wait ended)` : ''}, ${f.repeats} repeats; ` +
    `${f.deliveriesPerSecond} deliveries/s at the receiver while orders came`);
  console.log(`  the last delivered ${f.drainSeconds.toFixed(1)} s after the last order; commit to delivery: ${describeSpread(f.delay)}`);
  const generator = f.cpu.loadGeneratorCores === null ? '' : `, the driver and receiver ${f.cpu.loadGeneratorCores} cores`;
  console.log(`  while orders came: the service used ${f.cpu.serviceCores} cores${generator}; machine ${f.cpu.machineIdlePercent} % idle`);
}
