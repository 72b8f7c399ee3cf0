import { describe, expect, it } from 'vitest';
import { estimateTravel, type TravelModel } from '../../../src/orders/domain/travel.js';
import { formatCoordinates, greatCircleMetres } from '../../../src/orders/domain/geo.js';
import type { Point } from '../../../src/orders/domain/order.js';

const plazaDeArmas: Point = { latitude: -33.4378, longitude: -70.6505 };
const laReina: Point = { latitude: -33.495, longitude: -70.58 };
const equator: Point = { latitude: 0, longitude: 0 };

const places: Point[] = [
  plazaDeArmas,
  laReina,
  equator,
  { latitude: -41.4693, longitude: -72.9424 }, // Puerto Montt
  { latitude: -18.4783, longitude: -70.3126 }, // Arica
  { latitude: 89.9, longitude: 10 },
  { latitude: 0, longitude: 179.9 },
  { latitude: 0, longitude: -179.9 },
];

describe('greatCircleMetres', () => {
  it('measures about 9 km from Plaza de Armas to La Reina in Santiago', () => {
    const metres = greatCircleMetres(plazaDeArmas, laReina);

    expect(metres).toBeGreaterThan(9_000);
    expect(metres).toBeLessThan(9_250);
  });

  it('measures one degree of latitude as about 111.2 km', () => {
    const metres = greatCircleMetres(equator, { latitude: 1, longitude: 0 });

    expect(metres).toBeCloseTo(111_195, 0);
  });

  it('measures half the Earth’s circumference between antipodes on the equator', () => {
    const metres = greatCircleMetres(equator, { latitude: 0, longitude: 180 });

    expect(metres / 1000).toBeCloseTo(20_015, 0);
  });

  it('takes the short way across the antimeridian', () => {
    const metres = greatCircleMetres({ latitude: 0, longitude: 179.9 }, { latitude: 0, longitude: -179.9 });

    expect(metres).toBeCloseTo(22_239, 0);
  });

  it('is zero for the same point', () => {
    expect(greatCircleMetres(plazaDeArmas, { ...plazaDeArmas })).toBe(0);
  });

  it('is the same in both directions', () => {
    expect(greatCircleMetres(laReina, plazaDeArmas)).toBeCloseTo(greatCircleMetres(plazaDeArmas, laReina), 6);
  });
});

describe('formatCoordinates', () => {
  it('writes latitude and longitude with five decimals', () => {
    expect(formatCoordinates(plazaDeArmas)).toBe('-33.43780, -70.65050');
  });
});

describe('estimateTravel', () => {
  const city: TravelModel = { circuityFactor: 1.3, averageSpeedKmh: 36 }; // 36 km/h = 10 m/s

  it('is zero metres and zero seconds for the same point', () => {
    expect(estimateTravel(plazaDeArmas, { ...plazaDeArmas }, city)).toEqual({ distanceMetres: 0, durationSeconds: 0 });
  });

  it('applies the circuity factor to the great circle and rounds up to whole metres', () => {
    const travel = estimateTravel(plazaDeArmas, laReina, city);

    expect(travel.distanceMetres).toBe(Math.ceil(greatCircleMetres(plazaDeArmas, laReina) * 1.3));
  });

  it('derives the duration from the average speed', () => {
    const travel = estimateTravel(equator, { latitude: 1, longitude: 0 }, { circuityFactor: 1, averageSpeedKmh: 36 });

    expect(travel.distanceMetres).toBe(111_196);
    expect(travel.durationSeconds).toBe(11_120); // 111 196 m at 10 m/s, rounded
  });

  it('takes half as long at twice the speed', () => {
    const slow = estimateTravel(plazaDeArmas, laReina, { circuityFactor: 1.25, averageSpeedKmh: 30 });
    const fast = estimateTravel(plazaDeArmas, laReina, { circuityFactor: 1.25, averageSpeedKmh: 60 });

    expect(fast.distanceMetres).toBe(slow.distanceMetres);
    expect(Math.abs(slow.durationSeconds - 2 * fast.durationSeconds)).toBeLessThanOrEqual(1);
  });

  it('is never shorter than the great circle, and always whole metres and seconds', () => {
    const models: TravelModel[] = [
      { circuityFactor: 1, averageSpeedKmh: 50 },
      { circuityFactor: 1.0001, averageSpeedKmh: 33.3 },
      { circuityFactor: 1.25, averageSpeedKmh: 40 },
      { circuityFactor: 1.3, averageSpeedKmh: 7 },
    ];
    const broken: string[] = [];

    for (const model of models)
      for (const a of places)
        for (const b of places) {
          const { distanceMetres, durationSeconds } = estimateTravel(a, b, model);
          const greatCircle = greatCircleMetres(a, b);
          if (distanceMetres < greatCircle || !Number.isInteger(distanceMetres) || !Number.isInteger(durationSeconds)) {
            broken.push(`${formatCoordinates(a)} → ${formatCoordinates(b)}: ${distanceMetres} m, ${durationSeconds} s`);
          }
        }

    expect(broken).toEqual([]);
  });
});
