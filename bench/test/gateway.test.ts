import { describe, expect, it } from 'vitest';
import { gatewayFigures, gatewayScenario, gatewayTargets } from '../gateway.js';
import type { Measurement } from '../measurement.js';

const row = (scenario: string, okPerSecond: number, p99Ms: number): Measurement => ({
  scenario, okPerSecond, p50Ms: 3, p99Ms, non2xx: 0, errors: 0, timeouts: 0, peakRssMb: 300, startRssMb: 250, shareOfCeilingPercent: Number.NaN,
});
const typed = { ours: 'NoOperatorAvailableError', hive: 'BadRequestError' };

describe("the bench's gateway section", () => {
  it('when both gateways were measured, then the figures are ratios to Hive Gateway, and the targets say whether they are met', () => {
    const figures = gatewayFigures([row(gatewayScenario.rest, 6000, 9), row(gatewayScenario.graphql, 4500, 14), row(gatewayScenario.hive, 1000, 110)], typed);

    expect(figures).toEqual({ graphqlTimesHive: 4.5, restTimesHive: 6, graphqlP99Ms: 14, hiveP99Ms: 110, noOperator: typed });
    expect(gatewayTargets(figures!).map((t) => t.met)).toEqual([true, true, true]);
  });

  it('when the gateway is under four times as fast, slower at p99, or gives no typed member, then those targets are not met', () => {
    const figures = gatewayFigures([row(gatewayScenario.rest, 3000, 9), row(gatewayScenario.graphql, 2500, 120), row(gatewayScenario.hive, 1000, 110)], {
      ours: 'CreateOrderSuccess', hive: 'BadRequestError',
    });

    expect(gatewayTargets(figures!).map((t) => t.met)).toEqual([false, false, false]);
  });

  it('when the section was not measured, then there are no figures', () => {
    expect(gatewayFigures([row('bare node:http', 50_000, 2)], typed)).toBeUndefined();
  });
});
