import { expect } from 'vitest';
import { startFrontedService, type FrontedService } from '../../support/fronted-service.js';
import {
  ACCEPT_OFFER,
  ADVANCE_ORDER,
  ASSIGN_ORDER,
  CANCEL_ORDER,
  CLOSE_ORDER,
  DECLINE_OFFER,
  MY_OFFERS,
  PAUSE_ORDER,
  RESUME_ORDER,
} from '../../support/operations.js';
import { paymentOf } from '../../support/payment-queries.js';
import { restBody, signTestToken, type TestServiceOptions } from '../../support/service.js';

const bearer = async (claims: Record<string, unknown>) => `Bearer ${await signTestToken(claims)}`;
/** The operators' app of `id`: the scope `operator` and the claim `operator_id`. */
export const operatorAuth = (id: string) => bearer({ sub: `app-of-${id}`, scope: 'operator', operator_id: id });
export const platformAuth = () => bearer({ sub: 'platform', scope: 'orders:admin' });
export const ownerAuth = (sub = 'app-1') => bearer({ sub });

// Each area is a degree of latitude (111 km) from the next, beyond the dispatch radius (25 km):
// its operators are the only ones its orders can be offered to, whatever other tests do.
let areas = 0;
const KM = 1 / 111.195;

/** The whole service behind a public front, the sandbox's payments reaching it; its clock the test's. */
export async function startLifeService(options: TestServiceOptions = {}) {
  let now = new Date();
  const service = await startFrontedService(Object.assign({ clock: () => now }, options));

  /** An origin with operators 1, 2 and 3 km north of it, nearest first, offering every service. */
  async function area() {
    const n = ++areas;
    const origin = { latitude: -10 - n, longitude: -70.65 };
    const operators = [1, 2, 3].map((km) => `area${n}-op${km}`);
    for (const [i, id] of operators.entries()) {
      await service.operators.upsert({ id, name: `Grúas ${id}`, phone: '+56922223333', services: [1, 2, 3],
        latitude: origin.latitude + (i + 1) * KM, longitude: origin.longitude });
    }
    return { origin, operators };
  }

  /** An order at `origin`, paid through the sandbox's page: it then awaits an operator. */
  async function paidOrder(origin: { latitude: number; longitude: number }, serviceId = 1, auth?: string) {
    // Towing goes 5 km south; the on-site services stay at the origin.
    const destination = serviceId === 1 ? origin.latitude - 5 * KM : undefined;
    const body = restBody({ originLatitude: origin.latitude, originLongitude: origin.longitude, serviceId,
      destinationLatitude: destination, destinationLongitude: destination && origin.longitude });
    const created = await service.rest(body, auth ? { auth } : {});
    expect(created.status).toBe(200);
    const order = created.body as { id: number; paymentProviderReference: string; updatedAt: string };
    await fetch(`${order.paymentProviderReference}/pay`, { method: 'POST', redirect: 'manual' });
    await expect.poll(async () => (await paymentOf(service, order.id)).paymentStatus).toBe('PAID');
    return order;
  }

  /** The operator the order is offered to now, once its dispatch has run. */
  async function offeredTo(orderId: number | string): Promise<string> {
    const open = () => service.sql.query<{ operator_id: string }>(
      'select operator_id from order_offers where order_id = $1 and outcome is null', [orderId]);
    await expect.poll(async () => {
      await service.lifecycle.runTimers();
      return (await open()).rows.length;
    }).toBe(1);
    return (await open()).rows[0]!.operator_id;
  }

  /** An order of a fresh area, paid and offered to the area's nearest operator. */
  async function offeredOrder(serviceId = 1) {
    const place = await area();
    const order = await paidOrder(place.origin, serviceId);
    const operator = await offeredTo(order.id);
    return { ...place, id: String(order.id), operator };
  }

  /** An order of a fresh area, taken by its nearest operator. */
  async function acceptedOrder(serviceId = 1) {
    const offered = await offeredOrder(serviceId);
    expect((await accept(offered.operator, offered.id)).__typename).toBe('AcceptOfferSuccess');
    return offered;
  }

  /** A field of the operation's answer; a top-level error fails the test. */
  async function run(query: string, variables: Record<string, unknown>, auth: string) {
    const { body } = await service.gql(query, variables, { auth });
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return Object.values(body.data as object)[0];
  }
  const accept = async (operator: string, orderId: string) => run(ACCEPT_OFFER, { orderId }, await operatorAuth(operator));
  const decline = async (operator: string, orderId: string) => run(DECLINE_OFFER, { orderId }, await operatorAuth(operator));
  const advance = async (operator: string, orderId: string, to: string) =>
    run(ADVANCE_ORDER, { input: { orderId, to } }, await operatorAuth(operator));
  const offers = async (operator: string) => run(MY_OFFERS, {}, await operatorAuth(operator));
  const cancel = async (orderId: string, reason?: string, auth?: string) =>
    run(CANCEL_ORDER, { input: { orderId, reason } }, auth ?? (await ownerAuth()));
  const PLATFORM = { pause: PAUSE_ORDER, resume: RESUME_ORDER, close: CLOSE_ORDER };
  const platform = async (change: keyof typeof PLATFORM, orderId: string) =>
    run(PLATFORM[change], { input: { orderId } }, await platformAuth());
  const assign = async (orderId: string, operatorId: string, auth?: string) =>
    run(ASSIGN_ORDER, { input: { orderId, operatorId } }, auth ?? (await platformAuth()));

  return Object.assign(service, {
    area,
    paidOrder,
    offeredTo,
    offeredOrder,
    acceptedOrder,
    run,
    accept,
    decline,
    advance,
    offers,
    cancel,
    platform,
    assign,
    /** Moves the service's clock on. */
    later: (ms: number) => (now = new Date(now.getTime() + ms)),
    /** How many changes the order's history holds. */
    changesOf: async (orderId: string) =>
      (await service.sql.query<{ n: number }>('select count(*)::int as n from order_events where order_id = $1', [orderId])).rows[0]!.n,
  });
}

export type LifeService = Awaited<ReturnType<typeof startLifeService>>;
export type { FrontedService };
