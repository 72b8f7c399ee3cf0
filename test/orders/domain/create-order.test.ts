import { describe, expect, it } from 'vitest';
import {
  InvalidInputError,
  NoOperatorAvailableError,
  OrderOutcomeUnknownError,
  PaymentProviderError,
} from '../../../src/platform/errors.js';
import { estimateTravel } from '../../../src/orders/domain/travel.js';
import type { Operator } from '../../../src/operators/domain/operator.js';
import type { Caller } from '../../../src/orders/domain/ports.js';
import { priceService } from '../../../src/orders/domain/pricing.js';
import { arrangeOrderService, NOW, operator, policy, type Arrangement } from './fakes.js';

const ana: Caller = { subject: 'user-ana', name: 'Ana Token' };
const towing = {
  originLatitude: -33.4378, originLongitude: -70.6505, destinationLatitude: -33.495, destinationLongitude: -70.58,
  serviceCode: 1, phoneNumber: '+56912345678', vehicleIdentification: 'ab-12 cd',
};
const nearPosition = { latitude: -33.42, longitude: -70.6505 }; // about 2 km north of the origin
const dispatchable: Operator[] = [operator('op-far', -33.39), operator('op-near', nearPosition.latitude)];

const arrange = (options: Partial<Arrangement> = {}) => arrangeOrderService({ operators: dispatchable, ...options });

describe('creating an order', () => {
  it('a towing request within reach becomes a pending order awaiting payment, quoted from the nearest operator', async () => {
    const { service, orders, payments } = arrange();
    const origin = { latitude: towing.originLatitude, longitude: towing.originLongitude };
    const destination = { latitude: towing.destinationLatitude, longitude: towing.destinationLongitude };

    const order = await service.createOrder(ana, towing);

    const trip = estimateTravel(origin, destination, policy.travel);
    const approach = estimateTravel(nearPosition, origin, policy.travel);
    expect(order).toMatchObject({
      id: 1, ownerSubject: 'user-ana', status: 'pending', pendingStatus: 'pending_payment', partnerId: null,
      origin, destination, serviceCode: 1, vehicleIdentification: 'AB12CD', clientPhone: '+56912345678',
      clientName: 'Ana Token', currency: 'CLP', quotedOperatorId: 'op-near',
      distanceMetres: trip.distanceMetres, durationSeconds: trip.durationSeconds,
      partnerDistanceMetres: approach.distanceMetres, partnerDurationSeconds: approach.durationSeconds,
      amounts: priceService(1, trip.distanceMetres, policy.pricing),
      paymentReference: 'ref-1', paymentUrl: 'https://pay.example/ref-1',
    });
    expect(order.createdAt.toISOString()).toBe(NOW);
    expect(order.updatedAt.getTime()).toBe(order.createdAt.getTime());
    expect(order.amounts.partner + order.amounts.platform).toBe(order.amounts.total);
    expect(payments.created).toEqual([expect.objectContaining({ reference: 'ref-1', amount: order.amounts.total, currency: 'CLP' })]);
    expect(orders.rows).toEqual([order]);
    expect(payments.cancelled).toEqual([]);
  });

  it('a battery jump-start without destination is done on site: zero distance and duration', async () => {
    const { service } = arrange();
    const { destinationLatitude: _lat, destinationLongitude: _lon, ...onSite } = towing;

    const order = await service.createOrder(ana, { ...onSite, serviceCode: 2 });

    expect(order).toMatchObject({ destination: order.origin, distanceMetres: 0, durationSeconds: 0 });
    expect(order.amounts.total).toBe(25_000);
  });

  it('each new order gets the next id and its own payment reference', async () => {
    const { service } = arrange();

    const first = await service.createOrder(ana, towing);
    const second = await service.createOrder(ana, towing);

    expect([first.id, second.id]).toEqual([1, 2]);
    expect([first.paymentReference, second.paymentReference]).toEqual(['ref-1', 'ref-2']);
  });

  it.each([
    { input: 'Beatriz', caller: 'Ana Token', expected: 'Beatriz' },
    { input: undefined, caller: 'Ana Token', expected: 'Ana Token' },
    { input: '', caller: 'Ana Token', expected: 'Ana Token' },
    { input: undefined, caller: null, expected: null },
  ])('the client name is the input $input, else the caller name $caller, else null', async ({ input, caller, expected }) => {
    const { service } = arrange();

    const order = await service.createOrder({ subject: 'user-x', name: caller }, { ...towing, clientName: input });

    expect(order.clientName).toBe(expected);
  });
});

describe('when an order cannot be created', () => {
  it('when no operator is within the radius, the order is refused and nothing is stored or charged', async () => {
    const { service, orders, payments } = arrange({ operators: [operator('far-away', -33.2), operator('asleep', -33.43, false)] });

    const failure = service.createOrder(ana, towing);

    await expect(failure).rejects.toBeInstanceOf(NoOperatorAvailableError);
    await expect(failure).rejects.toMatchObject({ code: 'NO_OPERATOR_AVAILABLE' });
    expect(orders.rows).toEqual([]);
    expect(payments.created).toEqual([]);
  });

  it('when the input is invalid, the field is named and no operator, store or payment is involved', async () => {
    const { service, orders, payments, lookups } = arrange();

    const failure = service.createOrder(ana, { ...towing, phoneNumber: '56912345678' });

    await expect(failure).rejects.toBeInstanceOf(InvalidInputError);
    await expect(failure).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'phoneNumber' });
    expect([orders.rows, payments.created, lookups]).toEqual([[], [], []]);
  });

  it('when the payment provider fails, the order is refused as PAYMENT_PROVIDER_UNAVAILABLE and nothing is stored', async () => {
    const outage = new Error('provider down');
    const { service, orders, payments } = arrange({ payFailure: outage });

    const failure = service.createOrder(ana, towing);

    await expect(failure).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(failure).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', cause: outage });
    expect(orders.rows).toEqual([]);
    expect(payments.cancelled).toEqual([]);
  });

  it('when the store fails, its error goes up and the payment link is voided', async () => {
    const diskFull = new Error('disk full');
    const { service, payments } = arrange({ storeFailure: diskFull });

    await expect(service.createOrder(ana, towing)).rejects.toBe(diskFull);
    expect(payments.created.map((r) => r.reference)).toEqual(['ref-1']);
    expect(payments.cancelled).toEqual(['ref-1']);
  });

  it('when the store cannot tell whether the order was stored, its error goes up and the link is kept', async () => {
    const unknown = new OrderOutcomeUnknownError('connection cut at commit');
    const { service, payments } = arrange({ storeFailure: unknown });

    await expect(service.createOrder(ana, towing)).rejects.toBe(unknown);
    expect(payments.cancelled).toEqual([]);
  });

  it('when the store fails and voiding the link fails too, the store error is the one reported', async () => {
    const diskFull = new Error('disk full');
    const { service, payments } = arrange({ storeFailure: diskFull, cancelFailure: new Error('cancel failed') });

    await expect(service.createOrder(ana, towing)).rejects.toBe(diskFull);
    expect(payments.cancelled).toEqual(['ref-1']);
  });
});

describe('finding orders', () => {
  it('a caller finds its own order by id, and nobody else’s', async () => {
    const { service } = arrange();
    const order = await service.createOrder(ana, towing);

    expect(await service.findOrder(ana, order.id)).toEqual(order);
    expect(await service.findOrder({ subject: 'user-bruno', name: null }, order.id)).toBeNull();
    expect(await service.findOrder(ana, 999)).toBeNull();
  });

  it('an order is found by its payment reference', async () => {
    const { service, fulfilment } = arrange();
    const order = await service.createOrder(ana, towing);

    expect(await fulfilment.findByPaymentReference('ref-1')).toEqual(order);
    expect(await fulfilment.findByPaymentReference('ref-unknown')).toBeNull();
  });
});
