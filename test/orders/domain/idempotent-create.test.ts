import { describe, expect, it } from 'vitest';
import { OrderOutcomeUnknownError } from '../../../src/platform/errors.js';
import type { Operator } from '../../../src/operators/domain/operator.js';
import type { Caller } from '../../../src/orders/domain/ports.js';
import { arrangeOrderService, operator, type Arrangement } from './fakes.js';

const ana: Caller = { subject: 'user-ana', name: null };
const bruno: Caller = { subject: 'user-bruno', name: null };
const towing = {
  originLatitude: -33.4378, originLongitude: -70.6505, destinationLatitude: -33.495, destinationLongitude: -70.58,
  serviceCode: 1, phoneNumber: '+56912345678', vehicleIdentification: 'AB12CD',
};
const roster: Operator[] = [operator('op-1', -33.42)];
const arrange = (options: Partial<Arrangement> = {}) => arrangeOrderService({ operators: roster, ...options });
const keyed = (key: string, fingerprint = 'body-1') => ({ key, fingerprint });

describe('creating an order with an Idempotency-Key', () => {
  it('when the same request is repeated, then the first order comes back and no second order or link is made', async () => {
    const { service, orders, payments } = arrange();
    const first = await service.createOrder(ana, towing, keyed('k-1'));
    const again = await service.createOrder(ana, towing, keyed('k-1'));
    expect(again).toEqual(first);
    expect(orders.rows).toHaveLength(1);
    expect(payments.created).toHaveLength(1);
  });

  it('when the key comes with another request, then it is refused as reused', async () => {
    const { service, orders } = arrange();
    await service.createOrder(ana, towing, keyed('k-1'));
    await expect(service.createOrder(ana, towing, keyed('k-1', 'body-2'))).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(orders.rows).toHaveLength(1);
  });

  it('when the first request is still running, then a repeat is refused as in use', async () => {
    const { service, idempotency } = arrange();
    await idempotency.claim(ana.subject, 'k-1', 'body-1', new Date());
    await expect(service.createOrder(ana, towing, keyed('k-1'))).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE' });
  });

  it('when another caller uses the same key, then it is a key of its own', async () => {
    const { service, orders } = arrange();
    await service.createOrder(ana, towing, keyed('k-1'));
    const other = await service.createOrder(bruno, towing, keyed('k-1'));
    expect(other.ownerSubject).toBe('user-bruno');
    expect(orders.rows).toHaveLength(2);
  });

  it('when the input is invalid, then the key is not remembered', async () => {
    const { service, idempotency } = arrange();
    await expect(service.createOrder(ana, { ...towing, phoneNumber: '123' }, keyed('k-1'))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    expect(idempotency.keys.size).toBe(0);
  });

  it('when no operator is available, then the key is released and a later retry may succeed', async () => {
    const { service, idempotency } = arrange({ operators: [] });
    await expect(service.createOrder(ana, towing, keyed('k-1'))).rejects.toMatchObject({ code: 'NO_OPERATOR_AVAILABLE' });
    expect(idempotency.keys.size).toBe(0);
  });

  it('when the payment provider fails, then the key is released', async () => {
    const { service, idempotency } = arrange({ payFailure: new Error('down') });
    await expect(service.createOrder(ana, towing, keyed('k-1'))).rejects.toMatchObject({
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
    });
    expect(idempotency.keys.size).toBe(0);
  });

  it('when the store cannot tell whether the order was stored, then the key stays claimed for the retry to find it', async () => {
    const { service, idempotency } = arrange({ storeFailure: new OrderOutcomeUnknownError('connection cut at commit') });
    await expect(service.createOrder(ana, towing, keyed('k-1'))).rejects.toMatchObject({ code: 'ORDER_OUTCOME_UNKNOWN' });
    expect([...idempotency.keys.keys()]).toHaveLength(1);
  });

  it.each([['empty', ''], ['longer than 255 characters', 'k'.repeat(256)]])(
    'when the key is %s, then it is invalid input naming Idempotency-Key',
    async (_, key) => {
      const { service } = arrange();
      await expect(service.createOrder(ana, towing, keyed(key))).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        field: 'Idempotency-Key',
      });
    },
  );
});
