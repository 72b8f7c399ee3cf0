import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { costFigures, costSteps, costTargets, withoutCreationEvent } from '../../bench/costs.js';
import type { OrderLoad } from '../../bench/requests.js';
import { headline } from '../../bench/scenarios.js';
import { readSettings, type Baseline } from '../../bench/settings.js';
import { measuredInRounds } from './rows.js';

const BASELINE = readSettings({}).baseline!;

const LOAD = { env: {}, rest: { method: 'POST', path: '/applications/orders', headers: {}, body: '{}' } } as unknown as OrderLoad;
Object.assign(LOAD, { graphql: { ...LOAD.rest, path: '/graphql' } });

describe('withoutCreationEvent', () => {
  const source = readFileSync(new URL('../../src/store/order-store.ts', import.meta.url), 'utf8');

  it("when given the orders store's source, then its plain insert writes no creation event, and nothing else changes", () => {
    const changed = withoutCreationEvent(source);
    const insert = (text: string) => /const INSERT = `[^`]*`/.exec(text)![0];
    expect(insert(source)).toContain('${CREATED}');
    expect(insert(changed)).not.toContain('${CREATED}');
    expect(insert(changed)).toContain('select id, payment_reference from inserted');
    // The insert that binds Idempotency-Keys, and the creation's statement itself, are left as they were.
    expect(changed.split('${CREATED}').length).toBe(source.split('${CREATED}').length - 1);
    expect(changed.length).toBeLessThan(source.length);
  });

  it('when the insert no longer reads as expected, then it says so rather than build the same thing twice', () => {
    expect(() => withoutCreationEvent(source.replace('${CREATED}\n', '${CREATED} \n'))).toThrow(/CREATION_EVENT/);
  });
});

describe('costSteps', () => {
  it("when the baseline is the default, then each face's order's life is measured beside the baseline and its outbox beside the life, side by side, every connection each", () => {
    const steps = costSteps(BASELINE, LOAD, {});
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
  const rows = [
    measuredInRounds(`${headline.rest}, the order's life: this build less its creation event`, [9_000, 9_700, 10_000, 9_500, 9_800]),
    measuredInRounds(`${headline.rest}, the order's life: 515e2c3`, [10_000, 10_000, 10_000, 10_000, 10_000]),
    measuredInRounds(`${headline.rest}, the outbox: this build`, [8_000, 9_000, 9_200, 9_500, 9_400]),
    measuredInRounds(`${headline.rest}, the outbox: this build less its creation event`, [10_000, 10_000, 10_000, 10_000, 10_000]),
  ];

  it("when a pair was measured, then its cost is 1 − the median of its rounds' ratios, judged against its own bound", () => {
    const figures = costFigures(rows, BASELINE);
    expect(figures.map((f) => [f.cost.what, f.percent, f.byRoundPercent])).toEqual([
      ["the order's life", 3, [10, 3, 0, 5, 2]],
      ['the outbox', 8, [20, 10, 8, 5, 6]],
    ]);
    const [life, outbox] = costTargets(figures, BASELINE);
    expect(life).toMatchObject({ measured: '3.0 %', met: true });
    expect(life!.what).toContain(`at most 5 % of req/s against ${BASELINE.label} (515e2c3)`);
    expect(outbox).toMatchObject({ measured: '8.0 %', met: true });
    expect(outbox!.what).toContain('this build costs at most 10 % of req/s against this build less its creation event');
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
