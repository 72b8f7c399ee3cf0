import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { startFakeOsrm } from '../test/support/fakes/fake-osrm.js';
import { seededRandom } from '../test/support/seeded-random.js';
import { flushDisk } from './disk.js';
import { load, sendOnce } from './load.js';
import { medianRound, summarize, uncleanRun, type Measurement } from './measurement.js';
import type { BenchRequest } from './requests.js';
import { startService } from './service.js';
import type { Settings } from './settings.js';

// The load: towing orders from pickup spots drawn at random over about 20 × 20 km of Santiago,
// each request from one of them, to one destination. Every spot is asked about many times in a
// run, as customers re-quote and retry from where they stand; one fixed trip (the headline's
// load) would be all cache hits after the first order.
const SPOTS = 10_000;
const CENTRE = { latitude: -33.45, longitude: -70.65 };
const SPREAD_DEGREES = 0.18;
const DESTINATION = { destinationLatitude: -33.495, destinationLongitude: -70.58 };
// What the fake OSRM takes to answer: a city route on a real osrm-routed.
const OSRM_DELAY_MS = 5;
const ROUNDS = 3;
// A towing order with a destination routes two legs: the trip and the operator's approach.
const LEGS_PER_ORDER = 2;

export interface RoutingFigures {
  greatCircle: Measurement;
  osrm: Measurement;
  /** OSRM's ok req/s over the great circle's, of each round. */
  ratios: number[];
  /** Of the route lookups of the OSRM runs, the share the cache answered. */
  cacheHitRate: number;
  lookups: number;
  osrmCalls: number;
}

function spots(): string[] {
  const random = seededRandom(20_260_301);
  return Array.from({ length: SPOTS }, () =>
    JSON.stringify({
      originLatitude: CENTRE.latitude + (random() - 0.5) * SPREAD_DEGREES,
      originLongitude: CENTRE.longitude + (random() - 0.5) * SPREAD_DEGREES,
      ...DESTINATION,
      serviceId: 1,
      phoneNumber: '+56912345678',
      vehicleIdentification: 'AB12CD',
    }),
  );
}

const estimateSourceOf = (body: string) => {
  try {
    return (JSON.parse(body) as { estimateSource?: string }).estimateSource;
  } catch {
    return undefined;
  }
};

/**
 * Order creation with the OSRM adapter, against a fake answering in 5 ms, and with the
 * great-circle default, on the same load, in interleaved rounds; the cache's hit rate is counted
 * from outside: route lookups (two legs an order) against the calls the fake received.
 */
export async function routingSection(settings: Settings): Promise<RoutingFigures> {
  const secret = randomBytes(32).toString('base64url');
  const token = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('bench').setIssuedAt().setExpirationTime('2h')
    .sign(new TextEncoder().encode(secret));
  const bodies = spots();
  const request: BenchRequest = {
    method: 'POST',
    path: '/applications/orders',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: bodies[0]!,
    nextBody: () => bodies[Math.floor(Math.random() * bodies.length)]!,
  };
  // As the headline runs it: its rate limit on, far above what one token sends here.
  const env = { NODE_ENV: 'production', AUTH_JWT_SECRET: secret, RATE_LIMIT_PER_MINUTE: '1000000000' };
  const osrm = await startFakeOsrm({ delayMs: OSRM_DELAY_MS });
  const rounds = { greatCircle: [] as Measurement[], osrm: [] as Measurement[] };
  let orders = 0;
  let calls = 0;
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const order = round % 2 === 1 ? (['greatCircle', 'osrm'] as const) : (['osrm', 'greatCircle'] as const);
      for (const which of order) {
        console.log(`routing: ${which === 'osrm' ? 'OSRM' : 'great circle'}, round ${round} of ${ROUNDS}…`);
        const osrmEnv: Record<string, string> = which === 'osrm' ? { ROUTING_PROVIDER: 'osrm', ROUTING_OSRM_URL: osrm.url } : {};
        const server = await startService(Object.assign({}, env, osrmEnv));
        try {
          await flushDisk();
          const before = osrm.answered;
          const expected = which === 'osrm' ? 'road' : 'great_circle';
          const check = async (when: string) => {
            const answer = await sendOnce(server.url, request);
            const source = estimateSourceOf(answer.body);
            if (answer.status !== 200 || source !== expected) {
              throw new Error(`routing ${which}: the check request ${when} answered ${answer.status}, ${source ?? answer.body.slice(0, 200)}`);
            }
          };
          await check('before the run');
          const warm = await load(server.url, request, { connections: settings.connections, seconds: settings.warmupSeconds });
          const result = await load(server.url, request, { connections: settings.connections, seconds: settings.seconds });
          const unclean = uncleanRun(result) ?? uncleanRun(warm);
          if (unclean) throw new Error(`routing ${which}: ${unclean}`);
          await check('after the run');
          rounds[which].push(summarize(which === 'osrm' ? 'REST create order, OSRM (fake, 5 ms)' : 'REST create order, great circle', result, { startRssMb: 0, peakRssMb: 0 }));
          if (which === 'osrm') {
            orders += warm['2xx'] + result['2xx'] + 2;
            calls += osrm.answered - before;
          }
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    await osrm.close();
  }
  const lookups = orders * LEGS_PER_ORDER;
  return {
    greatCircle: medianRound(rounds.greatCircle),
    osrm: medianRound(rounds.osrm),
    ratios: rounds.osrm.map((m, i) => m.okPerSecond / rounds.greatCircle[i]!.okPerSecond),
    cacheHitRate: 1 - calls / lookups,
    lookups,
    osrmCalls: calls,
  };
}

export function printRouting(figures: RoutingFigures) {
  const { greatCircle, osrm } = figures;
  const row = (m: Measurement) => `${m.scenario.padEnd(40)} ${m.okPerSecond.toFixed(0).padStart(8)} ok req/s  p50 ${m.p50Ms} ms  p99 ${m.p99Ms} ms`;
  const percent = (x: number) => `${(x * 100).toFixed(1)} %`;
  console.log(`\nRouting (${SPOTS.toLocaleString('en')} pickup spots, each row its median round of ${ROUNDS}):`);
  console.log(row(greatCircle));
  console.log(row(osrm));
  console.log(`OSRM over great circle: ${percent(osrm.okPerSecond / greatCircle.okPerSecond)} (rounds: ${figures.ratios.map(percent).join(', ')})`);
  console.log(`route cache: ${percent(figures.cacheHitRate)} of ${figures.lookups.toLocaleString('en')} lookups answered from it; ` +
    `${figures.osrmCalls.toLocaleString('en')} calls reached OSRM`);
}
