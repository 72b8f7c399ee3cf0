import { describe, expect, it } from 'vitest';
import type { Point } from '../../../src/orders/domain/order.js';
import type { Operator } from '../../../src/operators/domain/operator.js';
import { createOperatorRoster } from '../../support/scan-roster.js';

const origin: Point = { latitude: -33.4378, longitude: -70.6505 };
const RADIUS = 10_000;

/** A point `km` kilometres north of the origin (one degree of latitude ≈ 111.195 km). */
const north = (km: number): Point => ({ latitude: origin.latitude + km / 111.195, longitude: origin.longitude });

function operator(id: string, km: number, overrides: Partial<Operator> = {}): Operator {
  return {
    id,
    name: `Gruero ${id}`,
    phone: '+56911111111',
    services: [1, 2, 3],
    position: north(km),
    onDuty: true,
    updatedAt: new Date('2026-01-01T00:00:00Z'),
    ...overrides,
  };
}

describe('createOperatorRoster: nearestAvailable', () => {
  it('picks the nearest on-duty operator offering the service within the radius', () => {
    const roster = createOperatorRoster([operator('far', 8), operator('near', 2), operator('middle', 5)]);

    const found = roster.nearestAvailable(origin, 1, RADIUS);

    expect(found).toEqual({ id: 'near', position: north(2) });
  });

  it('ignores operators who are off duty', () => {
    const roster = createOperatorRoster([operator('resting', 1, { onDuty: false }), operator('working', 6)]);

    expect(roster.nearestAvailable(origin, 1, RADIUS)?.id).toBe('working');
  });

  it('ignores operators who do not offer the service', () => {
    const roster = createOperatorRoster([
      operator('tyres-only', 1, { services: [3] }),
      operator('tow-truck', 7, { services: [1, 2] }),
    ]);

    expect(roster.nearestAvailable(origin, 1, RADIUS)?.id).toBe('tow-truck');
    expect(roster.nearestAvailable(origin, 3, RADIUS)?.id).toBe('tyres-only');
  });

  it('finds nobody when every available operator is beyond the radius', () => {
    const roster = createOperatorRoster([operator('far', 12), operator('farther', 30)]);

    expect(roster.nearestAvailable(origin, 1, RADIUS)).toBeUndefined();
  });

  it('counts an operator just inside the radius, not one just outside', () => {
    const inside = createOperatorRoster([operator('inside', 9.99)]);
    const outside = createOperatorRoster([operator('outside', 10.01)]);

    expect(inside.nearestAvailable(origin, 1, RADIUS)?.id).toBe('inside');
    expect(outside.nearestAvailable(origin, 1, RADIUS)).toBeUndefined();
  });

  it('finds nobody in an empty roster', () => {
    const roster = createOperatorRoster([]);

    expect(roster.nearestAvailable(origin, 2, RADIUS)).toBeUndefined();
    expect(roster.size()).toBe(0);
  });

  it('finds an operator standing at the origin', () => {
    const roster = createOperatorRoster([operator('here', 0)]);

    expect(roster.nearestAvailable(origin, 2, RADIUS)?.id).toBe('here');
  });
});

describe('createOperatorRoster: upsert', () => {
  it('adds a new operator', () => {
    const roster = createOperatorRoster([operator('a', 5)]);

    roster.upsert(operator('b', 1));

    expect(roster.size()).toBe(2);
    expect(roster.nearestAvailable(origin, 1, RADIUS)?.id).toBe('b');
  });

  it('moves an operator to its new position', () => {
    const roster = createOperatorRoster([operator('a', 3), operator('b', 5)]);

    roster.upsert(operator('b', 1));

    expect(roster.size()).toBe(2);
    expect(roster.nearestAvailable(origin, 1, RADIUS)).toEqual({ id: 'b', position: north(1) });
  });

  it('moves an operator out of reach', () => {
    const roster = createOperatorRoster([operator('a', 3)]);

    roster.upsert(operator('a', 50));

    expect(roster.nearestAvailable(origin, 1, RADIUS)).toBeUndefined();
  });

  it('takes an operator off duty', () => {
    const roster = createOperatorRoster([operator('a', 1), operator('b', 4)]);

    roster.upsert(operator('a', 1, { onDuty: false }));

    expect(roster.nearestAvailable(origin, 1, RADIUS)?.id).toBe('b');
  });

  it('puts an operator back on duty', () => {
    const roster = createOperatorRoster([operator('a', 1, { onDuty: false })]);

    roster.upsert(operator('a', 1));

    expect(roster.nearestAvailable(origin, 1, RADIUS)?.id).toBe('a');
  });
});
