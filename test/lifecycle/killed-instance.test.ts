import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT } from '../../src/orders/domain/actors.js';
import { createOrderStore } from '../../src/orders/store/order-store.js';
import { onEngine, postgres, type TestStore } from '../support/engines.js';
import { POLICY } from '../support/lifecycle.js';
import { newOrder } from '../support/new-order.js';
import { addOperators, fixedRoster } from './support/fixtures.js';
import { allHistoryProblems } from './support/history.js';
import { lifeInstance } from './support/instance.js';
import { PROVIDER_LEDGER, tableRefunder } from './support/table-refunder.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const T0 = new Date('2026-07-03T10:00:00.000Z');
const LEASE_MS = 60_000;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** The stuck instance (support/timer-child.ts); `stuck` resolves once it reports `expected` lines stuck. */
function startStuckInstance(env: Record<string, string>, expected: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/lifecycle/support/timer-child.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stuck = new Promise<string[]>((resolve, reject) => {
    const check = () => {
      const lines = output.split('\n').filter((l) => l.startsWith('stuck'));
      if (lines.length >= expected) resolve(lines);
    };
    child.stdout.on('data', (d) => ((output += d), check()));
    child.stderr.on('data', (d) => (output += d));
    void exited.then(() => reject(new Error(`the instance ended before it was stuck:\n${output}`)));
  });
  return { stuck, kill: () => (child.kill('SIGKILL'), exited) };
}

async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe.skipIf(postgres.skip !== null)(`an instance killed while running timers, ${onEngine(postgres)}`, () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await postgres.open();
    await store.sql.exec(PROVIDER_LEDGER);
  });
  afterAll(() => store?.dispose());

  it('when an instance dies holding offers and refunds half made, then another takes them over once the lease ends: nothing lost, nothing twice', async () => {
    let now = T0;
    const operators = range(10).map((i) => `steady-${i}`);
    await addOperators(store.sql, operators, now);
    const life = lifeInstance(store.sql, {
      clock: () => now,
      roster: fixedRoster(() => operators),
      refunder: tableRefunder(store.sql),
      followUps: 'timers only',
      leaseMs: LEASE_MS,
    });
    const rows = async <T>(text: string, params: unknown[] = []) => (await store.sql.query<T>(text, params)).rows;
    const openTransactions = async () =>
      Number(
        (
          await rows<{ n: unknown }>(
            `select count(*) as n from pg_stat_activity where datname = current_database()
              and (state = 'idle in transaction' or wait_event_type = 'Lock')`,
          )
        )[0]!.n,
      );
    const orders = [];
    for (const _ of range(8)) {
      const order = await createOrderStore(store.sql).insert(newOrder({ createdAt: now, updatedAt: now }));
      await life.lifecycle.move(order.id, 'pay', PAYMENT, { paid: { providerPaymentId: `p-${order.id}`, amount: order.amounts.total, currency: 'CLP' } });
      orders.push(order);
    }
    // Five are offered, three cancelled by the platform with their refunds due.
    await life.timers.runDue();
    const offered = orders.slice(0, 5);
    const refunded = orders.slice(5);
    for (const order of refunded) await life.lifecycle.move(order.id, 'cancel', { kind: 'platform', id: 'ops' });
    expect(await rows('select order_id from order_offers where outcome is null')).toHaveLength(5);

    // The offers expire; an instance claims every due timer and gets stuck in each, then dies.
    now = new Date(T0.getTime() + POLICY.offerTimeoutMs + 1_000);
    const victim = startStuckInstance(
      { CHILD_DATABASE_URL: store.url!, CHILD_NOW: now.toISOString(), CHILD_OPERATORS: operators.join(',') },
      offered.length + refunded.length,
    );
    await victim.stuck;
    // Every offer waits forever for its insert, its order's row locked, and every refund has been
    // made: five transactions open, none to finish.
    await until(async () => (await openTransactions()) === offered.length);
    await victim.kill();

    // Within the lease nobody runs them again.
    await life.timers.runDue();
    expect(await rows('select order_id from order_offers where offered_at = $1', [now.toISOString()])).toEqual([]);
    expect(await rows(`select id from orders where payment_status = 'refunded'`)).toEqual([]);

    // Once it ends, another instance does each exactly once.
    now = new Date(now.getTime() + LEASE_MS + 1_000);
    await life.timers.runDue();

    const offers = await rows<{ order_id: unknown; outcome: string | null; offered_at: Date | string }>(
      'select order_id, outcome, offered_at from order_offers where order_id = any($1::bigint[]) order by order_id, offered_at',
      [offered.map((o) => o.id)],
    );
    expect(offers.map((o) => [Number(o.order_id), o.outcome, new Date(o.offered_at).toISOString()])).toEqual(
      offered.flatMap((o) => [
        [o.id, 'expired', T0.toISOString()],
        [o.id, null, now.toISOString()],
      ]),
    );
    const ledger = await rows<{ idempotency_key: string; amount: unknown; calls: number }>(
      'select idempotency_key, amount, calls from provider_refunds',
    );
    // Asked twice (by the dead instance, then its successor) with one key: one refund each.
    const byKey = (x: { idempotency_key: string }, y: { idempotency_key: string }) => (x.idempotency_key < y.idempotency_key ? -1 : 1);
    expect(ledger.map((r) => ({ ...r, amount: Number(r.amount) })).sort(byKey)).toEqual(
      refunded
        .map((o) => ({ idempotency_key: `refund-${o.paymentReference}`, amount: o.amounts.total, calls: 2 }))
        .sort(byKey),
    );
    const refundEvents = await rows<{ order_id: unknown }>(`select order_id from order_events where type = 'refunded' order by order_id`);
    expect(refundEvents.map((e) => Number(e.order_id))).toEqual(refunded.map((o) => o.id));
    expect((await rows<{ kind: string }>('select kind from order_timers order by order_id, kind')).map((t) => t.kind)).toEqual(
      offered.flatMap(() => ['dispatch', 'give_up']),
    );
    expect(Object.fromEntries(await allHistoryProblems(store.sql))).toEqual({});
    expect(life.problems).toEqual([]);
  }, 120_000);
});
