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
// does not slow the orders) for the run's seconds. Each delivery's delay is its arrival at the
// receiver less the change's time its body carries.
const ORDERS_PER_SECOND = 200;
const CONNECTIONS = 50;
const DELIVERED_WITHIN_MS = 60_000;
const CREATE_ENDPOINT = `mutation($url: String!){ createWebhookEndpoint(input: { url: $url, events: ["order.created"] }){
  __typename ... on Error { code } } }`;

export interface WebhookFigures {
  ordersPerSecond: number;
  seconds: number;
  created: number;
  /** Distinct deliveries (by webhook-id) that reached the receiver. */
  delivered: number;
  /** Deliveries that came again under an id already taken (at least once). */
  repeats: number;
  /** Deliveries that arrived within the orders' window, per second of it. */
  deliveriesPerSecond: number;
  /** From the last order's answer to the last delivery's arrival. */
  drainSeconds: number;
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
    if (arrivals.length < created) throw new RefusedRun(`webhooks: ${arrivals.length} of ${created} orders delivered within ${DELIVERED_WITHIN_MS / 1000} s of the last`);
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

async function allDelivered(arrivals: Arrival[], created: number) {
  const deadline = Date.now() + DELIVERED_WITHIN_MS;
  while (new Set(arrivals.map((a) => a.webhookId)).size < created && Date.now() < deadline) await sleep(100);
}

/** Each delivery once: the first arrival of each webhook-id. */
function firstOfEach(arrivals: Arrival[]): Arrival[] {
  const seen = new Set<string>();
  return arrivals.filter((a) => !seen.has(a.webhookId) && seen.add(a.webhookId));
}

export function printWebhooks(f: WebhookFigures) {
  console.log(`\nwebhooks, one endpoint on loopback (https), order.created for ${f.ordersPerSecond} REST orders a second over ${f.seconds} s:`);
  console.log(`  ${f.delivered.toLocaleString('en')} of ${f.created.toLocaleString('en')} delivered (${f.repeats} repeats); ${f.deliveriesPerSecond} deliveries/s at the receiver while orders came`);
  console.log(`  the last delivered ${f.drainSeconds.toFixed(1)} s after the last order; commit to delivery: ${describeSpread(f.delay)}`);
  const generator = f.cpu.loadGeneratorCores === null ? '' : `, the driver and receiver ${f.cpu.loadGeneratorCores} cores`;
  console.log(`  while orders came: the service used ${f.cpu.serviceCores} cores${generator}; machine ${f.cpu.machineIdlePercent} % idle`);
}
