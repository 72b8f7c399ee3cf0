import { describe, expect, it } from 'vitest';
import type { OperatorPlacement } from '../../src/operators/domain/ports.js';
import { createOperatorRoster } from '../support/scan-roster.js';
import { SERVICE_CODES, type Point, type ServiceCode } from '../../src/orders/domain/order.js';
import { createSpatialRoster } from '../../src/operators/roster/spatial-roster.js';
import { seededRandom } from '../support/seeded-random.js';


const SANTIAGO: Point = { latitude: -33.4378, longitude: -70.6505 };
const placement = (id: string, position: Point, services: ServiceCode[] = [1, 2, 3], onDuty = true): OperatorPlacement => ({
  id,
  position,
  services,
  onDuty,
});

async function loaded(operators: OperatorPlacement[]) {
  const roster = createSpatialRoster();
  await roster.load([operators]);
  return roster;
}

describe('the spatial roster answers as a scan of every operator would', () => {
  // Regions where flat geometry would go wrong: a city, the antimeridian, near a pole, the equator.
  const REGIONS: [string, Point, number][] = [
    ['Santiago', SANTIAGO, 0.5],
    ['the antimeridian', { latitude: -17, longitude: 179.9 }, 0.6],
    ['near the south pole', { latitude: -89.5, longitude: 0 }, 1],
    ['the equator', { latitude: 0, longitude: 0 }, 0.3],
  ];

  it.each(REGIONS)('around %s, through loads, moves, duty changes and removals', async (_name, centre, spread) => {
    const next = seededRandom(42);
    const somewhere = (): Point => ({
      latitude: Math.max(-90, Math.min(90, centre.latitude + (next() - 0.5) * spread)),
      longitude: ((centre.longitude + (next() - 0.5) * spread + 540) % 360) - 180,
    });
    const someServices = () => {
      const picked = SERVICE_CODES.filter(() => next() < 0.5);
      return picked.length ? picked : [1 as ServiceCode];
    };
    const operators = Array.from({ length: 600 }, (_, i) =>
      placement(`op-${i}`, next() < 0.1 ? centre : somewhere(), someServices(), next() < 0.85),
    );
    const spatial = await loaded(operators);
    const scan = createOperatorRoster(operators);

    const agree = () => {
      for (let q = 0; q < 40; q++) {
        const point = q === 0 ? centre : somewhere();
        const service = q % 4 === 0 ? null : SERVICE_CODES[q % 3]!;
        const radius = [500, 5_000, 30_000, 20_000_000][q % 4]!;
        expect(spatial.nearest(point, service, radius, 7)).toEqual(scan.nearest(point, service, radius, 7));
        if (service !== null) {
          expect(spatial.nearestAvailable(point, service, radius)).toEqual(scan.nearestAvailable(point, service, radius));
        }
      }
    };
    agree();

    for (let change = 0; change < 400; change++) {
      const id = `op-${Math.floor(next() * 700)}`;
      const roll = next();
      if (roll < 0.15) {
        spatial.remove(id);
        scan.remove(id);
      } else {
        const updated = placement(id, roll < 0.6 ? somewhere() : centre, someServices(), next() < 0.8);
        spatial.put(updated);
        scan.put(updated);
      }
    }
    agree();
    expect(spatial.size()).toBe(scan.size());
  });
});

describe('the spatial roster', () => {
  const north = (km: number): Point => ({ latitude: SANTIAGO.latitude + km / 111.195, longitude: SANTIAGO.longitude });

  it('counts an operator just inside the radius, not one just outside', async () => {
    const roster = await loaded([placement('inside', north(9.999)), placement('outside', north(10.001))]);

    expect(roster.nearest(SANTIAGO, 1, 10_000, 10).map((o) => o.id)).toEqual(['inside']);
  });

  it('finds an operator only in the trees of the services it offers, and none while off duty', async () => {
    const roster = await loaded([placement('tyres', north(1), [3]), placement('resting', north(0.5), [1, 3], false)]);

    expect(roster.nearestAvailable(SANTIAGO, 1, 10_000)).toBeUndefined();
    expect(roster.nearestAvailable(SANTIAGO, 3, 10_000)?.id).toBe('tyres');

    roster.put(placement('resting', north(0.5), [1, 3], true));
    expect(roster.nearestAvailable(SANTIAGO, 3, 10_000)?.id).toBe('resting');
    expect(roster.nearestAvailable(SANTIAGO, 1, 10_000)?.id).toBe('resting');
  });

  it('answers an operator offering several services once when any service will do', async () => {
    const roster = await loaded([placement('all', north(1), [1, 2, 3]), placement('one', north(2), [2])]);

    expect(roster.nearest(SANTIAGO, null, 10_000, 10).map((o) => o.id)).toEqual(['all', 'one']);
  });

  it('keeps answering while it grows past its first capacity and reuses the slots of removed operators', async () => {
    const roster = await loaded([]);
    for (let i = 0; i < 3000; i++) roster.put(placement(`op-${i}`, north((i % 100) / 10)));
    for (let i = 0; i < 3000; i += 2) roster.remove(`op-${i}`);
    for (let i = 0; i < 1000; i++) roster.put(placement(`again-${i}`, north(20)));

    expect(roster.size()).toBe(2500);
    expect(roster.nearestAvailable(SANTIAGO, 1, 10_000)?.id).toBe('op-1');
    expect(roster.nearest(north(20), 2, 1, 3).map((o) => o.id)).toEqual(['again-0', 'again-1', 'again-10']);
  });

  it('refuses to load into a roster that already has operators', async () => {
    const roster = await loaded([placement('a', SANTIAGO)]);

    await expect(roster.load([[placement('b', SANTIAGO)]])).rejects.toThrow(/empty/);
  });
});
