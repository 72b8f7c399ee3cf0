import type { OrderStep } from '../../../src/lifecycle/domain/operations.js';
import type { Point } from '../../../src/orders/domain/order.js';
import { createSpatialRoster } from '../../../src/operators/roster/spatial-roster.js';
import { operatorDraft } from '../support/fixtures.js';
import { anyInstance, between, chance, count, MINUTE, request, SECOND, type Sim, type SimOrder } from './context.js';

// 30 km/h through town; a degree is about 111 km.
const METRES_PER_MS = 30_000 / 3_600_000;
const metresBetween = (a: Point, b: Point) => Math.hypot(a.latitude - b.latitude, a.longitude - b.longitude) * 111_000;

interface Job {
  order: SimOrder;
  /** Where the operator is driving to, and what it reports on arriving. */
  leg: { to: Point; arrive: OrderStep } | null;
}

interface SimOperator {
  id: string;
  position: Point;
  job: Job | null;
}

/** Somewhere in town: a box of about 30 by 30 km. */
export const somewhere = (sim: Sim): Point => ({ latitude: between(sim, -33.6, -33.33), longitude: between(sim, -70.8, -70.48) });

/**
 * The operators: where they are (the roster dispatch asks), and how they drive each job through
 * its steps, reporting their position as they go (their answers to offers are in offers.ts).
 */
export function operatorsOf(sim: Sim, size: number, onFinished: (order: SimOrder) => void) {
  const roster = createSpatialRoster();
  const operators = new Map<string, SimOperator>();

  function place(op: SimOperator) {
    roster.put({ id: op.id, position: op.position, services: [1, 2, 3], onDuty: true });
  }

  async function hire(): Promise<void> {
    for (let i = 0; i < size; i++) operators.set(`op-${i}`, { id: `op-${i}`, position: somewhere(sim), job: null });
    await sim.instances[0]!.operators.upsertMany([...operators.values()].map((o) => operatorDraft(o.id, o.position)), sim.clock.now());
    operators.forEach(place);
  }

  function start(op: SimOperator, order: SimOrder): void {
    const job: Job = { order, leg: null };
    op.job = job;
    sim.clock.after(between(sim, 30 * SECOND, 3 * MINUTE), () => advance(op, job, 'partner_going_to_origin'));
  }

  // The next report of a job, once the last one went through.
  function next(op: SimOperator, job: Job, reached: OrderStep): void {
    const towing = job.order.serviceCode === 1;
    if (reached === 'partner_going_to_origin') job.leg = { to: job.order.origin, arrive: 'partner_in_origin' };
    else if (reached === 'partner_going_to_destination') job.leg = { to: job.order.destination, arrive: 'finished' };
    else if (reached === 'partner_in_origin' && towing) sim.clock.after(between(sim, 2 * MINUTE, 8 * MINUTE), () => advance(op, job, 'partner_going_to_destination'));
    else if (reached === 'partner_in_origin') sim.clock.after(between(sim, 5 * MINUTE, 20 * MINUTE), () => advance(op, job, 'finished'));
    else if (reached === 'finished') {
      op.job = null;
      onFinished(job.order);
      // The app sends the last step again, as a phone with a bad signal does.
      if (chance(sim, 0.05)) sim.clock.after(10 * SECOND, () => report(op, job.order, 'finished').then(() => {}));
    }
  }

  const report = (op: SimOperator, order: SimOrder, to: OrderStep, refused?: (error: { status?: string }) => void) =>
    request(sim, `operator reports ${to}`, () => anyInstance(sim).operations.advance(op.id, String(order.id), to), ['INVALID_TRANSITION'], refused);

  // Each report belongs to one job: one planned for a job since ended is dropped.
  async function advance(op: SimOperator, job: Job, to: OrderStep): Promise<void> {
    if (op.job !== job) return;
    let refusedAt: string | undefined;
    const done = await report(op, job.order, to, (error) => (refusedAt = error.status));
    if (op.job !== job) return;
    if (done) return next(op, job, to);
    // Paused: the operator waits and tries again; cancelled: the job is over.
    if (refusedAt === 'paused') sim.clock.after(2 * MINUTE, () => advance(op, job, to));
    else if (refusedAt === 'cancelled') op.job = null;
    else sim.anomalies.push(`order ${job.order.id} refused ${to} by its operator at ${refusedAt}`);
  }

  /** Everyone on the road moves on by `ms` of driving, and says where it now is; answers how many moved. */
  async function drive(ms: number): Promise<number> {
    const moves = [];
    for (const op of operators.values()) {
      const leg = op.job?.leg;
      if (!leg) continue;
      const left = metresBetween(op.position, leg.to);
      const share = Math.min(1, (METRES_PER_MS * ms) / Math.max(left, 1));
      op.position = {
        latitude: op.position.latitude + (leg.to.latitude - op.position.latitude) * share,
        longitude: op.position.longitude + (leg.to.longitude - op.position.longitude) * share,
      };
      if (share === 1) {
        const job = op.job!;
        job.leg = null;
        sim.clock.after(0, () => advance(op, job, leg.arrive));
      }
      moves.push(move(op));
    }
    await Promise.all(moves);
    return moves.length;
  }

  async function move(op: SimOperator): Promise<void> {
    const instance = anyInstance(sim);
    const moved = await instance.operators.move(op.id, op.position, sim.clock.now());
    if (!moved) return void sim.anomalies.push(`operator ${op.id} not found to move`);
    place(op);
    instance.partnerMoves.moved(op.id, op.position);
    count(sim, 'operator moved');
  }

  return {
    roster,
    hire,
    drive,
    /** Whether the operator is on a job, as it sees it. */
    isBusy: (operatorId: string) => operators.get(operatorId)!.job !== null,
    /** A free operator near the order, for the platform to assign; null when none is free. */
    freeNear(order: SimOrder): string | null {
      return roster.nearest(order.origin, order.serviceCode, 25_000, 20).find((o) => !operators.get(o.id)!.job)?.id ?? null;
    },
    /** The operator took `order` (accepted, or given it by the desk). */
    took: (operatorId: string, order: SimOrder) => start(operators.get(operatorId)!, order),
    /** The order was cancelled: its operator, if any, drops the job. */
    released(orderId: number): void {
      for (const op of operators.values()) if (op.job?.order.id === orderId) op.job = null;
    },
  };
}

export type SimOperators = ReturnType<typeof operatorsOf>;
