import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActorKind } from '../../src/orders/domain/actors.js';
import { InvalidTransitionError, OfferUnavailableError } from '../../src/lifecycle/domain/errors.js';
import type { MoveResult } from '../../src/lifecycle/domain/lifecycle.js';
import { stateOf, WITH_OPERATOR, type Step } from '../../src/lifecycle/domain/steps.js';
import { TRANSITIONS, transitionsFor, type Transition, type TransitionName } from '../../src/lifecycle/domain/transitions.js';
import { createOrderStore } from '../../src/orders/store/order-store.js';
import { ENGINES, onEngine, pglite, postgres, type TestStore } from '../support/engines.js';
import { POLICY } from '../support/lifecycle.js';
import { expectedAfter, stepOfRow, type Attempt } from './support/expected-change.js';
import { SETUPS, transitionBench } from './support/setups.js';
import { worldOf } from './support/world.js';

const NAMES = [...new Set(TRANSITIONS.map((t) => t.name))];
const KINDS: ActorKind[] = ['owner', 'operator', 'platform', 'timer', 'payment'];
const policy = { ...POLICY, cancellationFeePercent: 10 };

/**
 * Whether the order is already where this change leads, made so by this actor (a repeat): an
 * acceptance or assignment only when the order is that operator's; a resume at any step a pause
 * leaves from.
 */
function isRepeat(rows: readonly Transition[], step: Step, partnerId: unknown, attempt: Attempt): boolean {
  return rows.some((t) => {
    if (t.to === 'paused_from') return step === 'pending_partner' || WITH_OPERATOR.includes(step);
    if (t.to !== step) return false;
    if (t.name === 'accept') return partnerId === attempt.actor.id;
    if (t.name === 'assign') return partnerId === attempt.operatorId;
    return true;
  });
}

for (const engine of ENGINES.filter((e) => e === pglite || e === postgres)) {
  describe.skipIf(engine.skip !== null)(`every transition from every step, ${onEngine(engine)}`, () => {
    let store: TestStore;
    beforeAll(async () => {
      store = await engine.open();
    });
    afterAll(() => store?.dispose());
    const taken = new Set<string>();

    const cases = SETUPS.flatMap((s) =>
      (
        [
          ['towing', s.towing ?? s.both],
          ['on-site', s.onSite ?? s.both],
        ] as const
      ).flatMap(([service, path]) => (path ? [{ name: `${s.name} (${service})`, towing: service === 'towing', path }] : [])),
    );

    it.each(cases)('$name: each change by each party does what the table says, or nothing at all', async ({ towing, path }) => {
      const bench = transitionBench(store.sql, policy);
      const orders = createOrderStore(store.sql);
      const { lifecycle } = bench.life;
      // One order takes every refusal and repeat in turn (each must leave it as it was); each
      // change the table allows gets an order of its own.
      const kept = await bench.prepare(towing, path);
      const attempts = NAMES.flatMap((name) => KINDS.map((kind) => ({ name, kind })));

      for (const { name, kind } of attempts) {
        const probe = kept;
        const before = await worldOf(store.sql, probe.id, [probe.a, probe.b]);
        const step = stepOfRow(before.order);
        const rows = transitionsFor(name, kind, towing);
        const row = rows.find((t) => t.from.includes(step));
        const target = row ? await bench.prepare(towing, path) : probe;
        const attempt: Attempt = {
          name,
          actor: target.actors[kind],
          ...(name === 'assign' ? { operatorId: target.b } : {}),
          ...(name === 'pay' ? { paid: bench.paidFor(target.total, target.n) } : {}),
        };
        const label = `${name} by ${kind} from ${step}`;
        const start = row ? await worldOf(store.sql, target.id, [target.a, target.b]) : before;
        const toldBefore = bench.life.told.length;
        const outcome = await lifecycle
          .move(target.id, name as TransitionName, attempt.actor, { operatorId: attempt.operatorId, paid: attempt.paid })
          .then((r) => r, (e: unknown) => e);
        const after = await worldOf(store.sql, target.id, [target.a, target.b]);
        const told = bench.life.told.slice(toldBefore);

        if (row) {
          taken.add(`${row.name} by ${row.by.join('/')} (${row.service ?? 'any'}) from ${step}`);
          const expected = expectedAfter(start, row, attempt, bench.now(), policy);
          expect(outcome, label).toMatchObject({ changed: true, order: { step: expected.to } });
          // The answer is the order as the change left it, read in its transaction: as a read after it finds it.
          expect((outcome as MoveResult).view, label).toEqual(await orders.findAnyById(target.id));
          expect(after, label).toEqual(expected.world);
          expect(told, label).toEqual(expected.told);
          continue;
        }
        expect(after, `${label}: nothing written`).toEqual(before);
        expect(told, `${label}: nothing follows`).toEqual([]);
        if (isRepeat(rows, step, before.order.partner_id, attempt)) {
          expect(outcome, `${label}: a repeat`).toMatchObject({ changed: false, order: { step } });
        } else if (kind === 'operator' && name === 'accept') {
          // An operator is answered about its offer alone, whatever the order's state.
          expect(outcome, label).toBeInstanceOf(OfferUnavailableError);
        } else {
          expect(outcome, label).toBeInstanceOf(InvalidTransitionError);
          expect(outcome, label).toMatchObject(stateOf(step));
        }
      }
    });

    it('every row of the table was taken from each step it leaves from', () => {
      const due = TRANSITIONS.flatMap((t) => t.from.map((from) => `${t.name} by ${t.by.join('/')} (${t.service ?? 'any'}) from ${from}`));
      expect(due.filter((d) => !taken.has(d))).toEqual([]);
    });
  });
}
