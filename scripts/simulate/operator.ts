import { pause, Refused, Stopped, type Api, type Log } from './api.js';
import { ACCEPT_OFFER, ADVANCE_ORDER, MOVE_OPERATOR, MY_OFFERS, type AcceptAnswer, type AdvanceAnswer, type OfferedOrder } from './operations.js';
import { legPositions, seconds, type Point } from './route.js';

export interface Pace {
  /** How many times faster than the estimate the operators drive and work. */
  speed: number;
  /** How often an idle operator asks for its offers. */
  pollMs: number;
  /** How often a driving operator reports where it is. */
  tickMs: number;
}

type Step = 'PARTNER_GOING_TO_ORIGIN' | 'PARTNER_IN_ORIGIN' | 'PARTNER_GOING_TO_DESTINATION' | 'FINISHED';

// A battery or a tyre takes this long at the car (the estimate has no figure for it).
const ON_SITE_SECONDS = 15 * 60;

/** The order was cancelled, or is otherwise no longer this operator's: the job ends there. */
class Gone extends Error {}

/**
 * One simulated operator: asks for its offers, takes the first, drives to the car and, for a tow,
 * on to the destination along the estimate, reporting its position and each step, until it
 * finishes; then waits for the next offer. Ends when the signal stops it.
 */
export async function runOperator(id: string, deps: { api: Api; token: () => Promise<string>; pace: Pace; signal: AbortSignal; log: Log }) {
  const { api, pace, signal } = deps;
  const log = (line: string) => deps.log(`${id} ${line}`);
  const send = async <T>(query: string, variables: Record<string, unknown> = {}) => api.request<T>(query, variables, await deps.token());
  const wait = (ms: number) => pause(ms, signal);

  async function advance(orderId: string, to: Step): Promise<void> {
    for (let again = false; ; again = true) {
      const answer = await send<AdvanceAnswer>(ADVANCE_ORDER, { input: { orderId, to } });
      if (answer.__typename === 'AdvanceOrderSuccess') return log(`order ${orderId} → ${to}`);
      // Paused by the platform: the step waits for the resume, said once.
      if ('status' in answer && answer.status === 'PAUSED') {
        if (!again) log(`order ${orderId} is paused; waiting to report ${to}`);
        await wait(pace.pollMs);
        continue;
      }
      const where = 'status' in answer ? `${answer.status}${answer.pendingStatus ? `/${answer.pendingStatus}` : ''}` : ('code' in answer ? answer.code : answer.__typename);
      throw new Gone(`order ${orderId} cannot go to ${to} (${where}): leaving it`);
    }
  }

  async function drive(orderId: string, from: Point, to: Point, estimate: string, leg: string): Promise<void> {
    const legMs = (seconds(estimate) * 1000) / pace.speed;
    for (const { at, afterMs } of legPositions(from, to, legMs, pace.tickMs)) {
      await wait(afterMs);
      const moved = await send<{ __typename: string; code?: string }>(MOVE_OPERATOR, { input: { id, ...at } });
      if (moved.__typename === 'MoveOperatorSuccess') log(`at ${at.latitude}, ${at.longitude} (order ${orderId}, ${leg})`);
      else log(`position not recorded: ${moved.code ?? moved.__typename}`);
    }
  }

  async function work(order: OfferedOrder): Promise<void> {
    const origin = { latitude: order.originLatitude, longitude: order.originLongitude };
    const start = order.partner ?? origin;
    await advance(order.id, 'PARTNER_GOING_TO_ORIGIN');
    await drive(order.id, start, origin, order.partnerDuration, 'to the car');
    await advance(order.id, 'PARTNER_IN_ORIGIN');
    if (order.serviceCode === 'TOWING') {
      await advance(order.id, 'PARTNER_GOING_TO_DESTINATION');
      const destination = { latitude: order.destinationLatitude, longitude: order.destinationLongitude };
      await drive(order.id, origin, destination, order.duration, 'to the destination');
    } else {
      log(`working at the car (order ${order.id})`);
      await wait((ON_SITE_SECONDS * 1000) / pace.speed);
    }
    await advance(order.id, 'FINISHED');
  }

  // Operators start a little apart, so that their polls spread over the interval.
  await wait(Math.random() * pace.pollMs);
  for (;;) {
    try {
      await takeAndWork();
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      log(`refused: ${error.message}`);
      await wait(pace.pollMs * 5);
    }
  }

  async function takeAndWork(): Promise<void> {
    const offers = await send<{ order: { id: string; serviceCode: string } }[]>(MY_OFFERS);
    const offer = offers[0];
    if (!offer) return wait(pace.pollMs);
    const accepted = await send<AcceptAnswer>(ACCEPT_OFFER, { orderId: offer.order.id });
    if (accepted.__typename !== 'AcceptOfferSuccess' || !('order' in accepted)) {
      return log(`could not take order ${offer.order.id}: ${'code' in accepted ? accepted.code : accepted.__typename}`);
    }
    log(`accepted order ${offer.order.id} (${offer.order.serviceCode.toLowerCase()}, ${accepted.order.partnerDuration} to the car)`);
    try {
      await work(accepted.order);
    } catch (error) {
      if (error instanceof Stopped) log(`stopped during order ${offer.order.id}: it stays this operator's, where it is, until the platform cancels it`);
      if (!(error instanceof Gone)) throw error;
      log(error.message);
    }
  }
}
