import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorsNearQuery } from '../generated/operations.js';
import { restBody, SANTIAGO, startTestService, type TestService } from '../support/service.js';
import { asPlatform, emptyRoster, OPERATORS_NEAR, UPSERT_OPERATOR } from './support.js';
import { seededRandom } from '../support/seeded-random.js';

const SERVICES = ['TOWING', 'BATTERY_JUMP_START', 'TYRE_CHANGE'] as const;


let service: TestService;
const next = seededRandom(7);
const around = (spreadDegrees: number) => ({
  latitude: SANTIAGO.latitude + (next() - 0.5) * spreadDegrees,
  longitude: SANTIAGO.longitude + (next() - 0.5) * spreadDegrees,
});

beforeAll(async () => {
  service = await startTestService();
  await emptyRoster(service);
  for (let i = 0; i < 150; i++) {
    const services = SERVICES.filter(() => next() < 0.5);
    await asPlatform(service, UPSERT_OPERATOR, {
      input: {
        id: `op-${String(i).padStart(3, '0')}`,
        name: `Operador ${i}`,
        phone: '+56922223333',
        services: services.length ? services : ['TOWING'],
        ...around(0.6),
        onDuty: next() < 0.8,
      },
    });
  }
  // Two operators at one spot: the tie goes to the smaller id, in both answers.
  for (const id of ['twin-b', 'twin-a']) {
    await asPlatform(service, UPSERT_OPERATOR, {
      input: { id, name: id, phone: '+56922223333', services: ['TYRE_CHANGE'], latitude: -33.2, longitude: -70.4 },
    });
  }
});
afterAll(() => service.close());

async function firstNear(origin: { latitude: number; longitude: number }, serviceCode: string) {
  const { operatorsNear } = await asPlatform<OperatorsNearQuery>(service, OPERATORS_NEAR, { input: { ...origin, serviceCode } });
  if (operatorsNear.__typename !== 'OperatorsNearSuccess') throw new Error(operatorsNear.__typename);
  return operatorsNear.operators[0]?.operator.id;
}

async function quotedOperator(orderId: number) {
  const { rows } = await service.sql.query<{ quoted_operator_id: string }>(
    'select quoted_operator_id from orders where id = $1',
    [orderId],
  );
  return rows[0]?.quoted_operator_id;
}

describe('operatorsNear and order creation agree', () => {
  it('for any origin and service, the order quotes the first operator operatorsNear answers', async () => {
    const origins = [...Array.from({ length: 12 }, () => around(0.8)), { latitude: -33.2, longitude: -70.4 }];
    for (const origin of origins) {
      for (const [index, serviceCode] of SERVICES.entries()) {
        const expected = await firstNear(origin, serviceCode);
        const order = await service.rest(
          restBody({ originLatitude: origin.latitude, originLongitude: origin.longitude, serviceId: index + 1 }),
        );
        if (expected === undefined) {
          expect(order.body.code).toBe('NO_OPERATOR_AVAILABLE');
        } else {
          expect(order.status, JSON.stringify(order.body)).toBe(200);
          expect(await quotedOperator(order.body.id)).toBe(expected);
        }
      }
    }
    expect(await firstNear({ latitude: -33.2, longitude: -70.4 }, 'TYRE_CHANGE')).toBe('twin-a');
  });
});
