import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costFigures, costSteps, costTargets, withoutCreationEvent } from '../costs.js';
import type { OrderLoad } from '../requests.js';
import { headline } from '../scenarios.js';
import { readSettings, type Baseline } from '../settings.js';
import { createOrderStore } from '../../src/orders/store/order-store.js';
import type { Sql } from '../../src/platform/store/sql.js';
import { pglite, type TestStore } from '../../test/support/engines.js';
import { newOrder } from '../../test/support/new-order.js';
import { cpuInRounds, measuredInRounds } from './rows.js';

const BASELINE = readSettings({}).baseline!;

const LOAD = { env: {}, rest: { method: 'POST', path: '/applications/orders', headers: {}, body: '{}' } } as unknown as OrderLoad;
Object.assign(LOAD, { graphql: { ...LOAD.rest, path: '/graphql' } });

describe('withoutCreationEvent', () => {
  const file = new URL('../../src/orders/store/order-store.ts', import.meta.url);
  const source = readFileSync(file, 'utf8');
  let store: TestStore;
  let dir: string;
  beforeAll(async () => {
    store = await pglite.open();
    dir = mkdtempSync(join(tmpdir(), 'order-store-'));
  });
  afterAll(async () => {
    await store?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The edited source as a module of its own, its imports still the repository's. */
  async function edited(): Promise<typeof import('../../src/orders/store/order-store.js')> {
    const here = (relative: string) => fileURLToPath(new URL(relative, file));
    const text = withoutCreationEvent(source).replace(/from '(\.\.?\/[^']+)'/g, (_, relative: string) => `from '${here(relative)}'`);
    const path = join(dir, 'order-store.ts');
    writeFileSync(path, text);
    return import(/* @vite-ignore */ pathToFileURL(path).href);
  }

  const events = async (orderId: number) =>
    (await store.sql.query<{ type: string }>('select type from order_events where order_id = $1', [orderId])).rows.map((r) => r.type);

  it("when given the orders store's source, then its orders are stored as before, with no event and the insert alone", async () => {
    const statements: string[] = [];
    const watched: Sql = { ...store.sql, query: (text, params, options) => (statements.push(text), store.sql.query(text, params, options)) };
    const real = await createOrderStore(store.sql).insert(newOrder());
    const order = await (await edited()).createOrderStore(watched).insert(newOrder());

    expect(await createOrderStore(store.sql).findById(order.id, order.ownerSubject)).toEqual(order);
    expect(await events(real.id)).toEqual(['created']);
    expect(await events(order.id)).toEqual([]);
    const insert = statements.find((text) => text.includes('insert into orders'))!;
    expect(insert).toMatch(/^insert into orders \(/);
    expect(insert).toMatch(/returning id, payment_reference$/);
  });

  it('when only the plain insert is edited, then the one that binds Idempotency-Keys, and the creation statement itself, are left as they were', () => {
    const changed = withoutCreationEvent(source);
    expect(changed.split('${CREATED}').length).toBe(source.split('${CREATED}').length - 1);
    expect(changed.replace(/const INSERT = [^;]*;/, '')).toBe(source.replace(/const INSERT = `[^`]*`;/, ''));
  });

  it('when the insert no longer reads as expected, then it says so rather than build the same thing twice', () => {
    expect(() => withoutCreationEvent(source.replace('${CREATED}\n', '${CREATED} \n'))).toThrow(/CREATION_EVENT/);
  });
});

describe('costSteps', () => {
  it("when the baseline is the default, then each face's order's life is measured beside the baseline and its outbox beside the life, side by side, every connection each", () => {
    const steps = costSteps(BASELINE, LOAD, {}, 5);
    expect(steps.map((s) => s.interleaved.map((i) => i.name))).toEqual([
      [`${headline.rest}, the order's life: this build less its creation event`, `${headline.rest}, the order's life: 515e2c3`],
      [`${headline.graphql}, the order's life: this build less its creation event`, `${headline.graphql}, the order's life: 515e2c3`],
      [`${headline.rest}, the outbox: this build`, `${headline.rest}, the outbox: this build less its creation event`],
      [`${headline.graphql}, the outbox: this build`, `${headline.graphql}, the outbox: this build less its creation event`],
    ]);
    expect(steps.every((s) => s.sideBySide && s.connectionsEach && s.rounds === 5)).toBe(true);
    expect(steps[1]!.interleaved[0]!.request.path).toBe('/graphql');
  });
});

describe('costFigures and costTargets', () => {
  const flat = [100, 100, 100, 100, 100];
  const rows = [
    measuredInRounds(`${headline.rest}, the order's life: this build less its creation event`, [9_000, 9_700, 10_000, 9_500, 9_800], cpuInRounds([110, 103, 100, 105, 102])),
    measuredInRounds(`${headline.rest}, the order's life: 515e2c3`, [10_000, 10_000, 10_000, 10_000, 10_000], cpuInRounds(flat)),
    // As fast as the build before it, for more CPU per order: a machine with CPU to spare hides a cost that the rate does not show.
    measuredInRounds(`${headline.rest}, the outbox: this build`, [10_000, 10_000, 10_000, 10_000, 10_000], cpuInRounds([120, 110, 108, 105, 106])),
    measuredInRounds(`${headline.rest}, the outbox: this build less its creation event`, [10_000, 10_000, 10_000, 10_000, 10_000], cpuInRounds(flat)),
  ];

  it("when a pair was measured, then its cost is the median of its rounds' ratios of CPU per order, less one, judged against its own bound", () => {
    const figures = costFigures(rows, BASELINE);
    expect(figures.map((f) => [f.cost.what, f.percent, f.byRoundPercent])).toEqual([
      ["the order's life", 3, [10, 3, 0, 5, 2]],
      ['the outbox', 8, [20, 10, 8, 5, 6]],
    ]);
    const [life, outbox] = costTargets(figures, BASELINE);
    expect(life).toMatchObject({ measured: '3.0 %', met: true });
    expect(life!.what).toContain(`at most 5 % more CPU per order than ${BASELINE.label} (515e2c3)`);
    expect(outbox).toMatchObject({ measured: '8.0 %', met: true });
    expect(outbox!.what).toContain('this build costs at most 10 % more CPU per order than this build less its creation event');
  });

  it('when a pair was measured, then what it costs in req/s is reported beside, not judged', () => {
    expect(costFigures(rows, BASELINE).map((f) => f.ratePercent)).toEqual([3, 0]);
  });

  it("when a pair's CPU was not read, then it is not judged on its rate instead", () => {
    const rates = rows.map((r) => Object.assign({}, r, { cpu: undefined, roundsCpuUs: undefined }));
    expect(costFigures(rates, BASELINE)).toEqual([]);
  });

  it('when a cost exceeds its bound, then it is not met', () => {
    const tight: Baseline = { ...BASELINE, costs: BASELINE.costs.map((c) => ({ ...c, percent: 2.9 })) };
    expect(costTargets(costFigures(rows, tight), tight).map((t) => t.met)).toEqual([false, false]);
  });

  it('when no pair was measured, or no baseline is set, then nothing is judged', () => {
    expect(costFigures([], BASELINE)).toEqual([]);
    expect(costFigures(rows, null)).toEqual([]);
  });
});
