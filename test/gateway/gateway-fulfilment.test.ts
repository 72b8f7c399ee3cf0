import { describe, expect, it } from 'vitest';
import { NoOperatorAvailableError } from '../../src/platform/errors.js';
import type { LegacyOutcome } from '../../src/gateway/domain/legacy-outcome.js';
import { arrangeGateway, FIELD, NOW, orderOutcome, towing } from './fakes.js';

const ANA = { subject: 'app-ana', name: null, authorization: 'Bearer ana-token' };
const BRUNO = { subject: 'app-bruno', name: null };

describe('the gateway fulfilment', () => {
  it('when the legacy makes the order, then it is kept with its owner and handed back typed, with the body as written', async () => {
    const outcome = orderOutcome(41, {}, (json) => JSON.stringify(json, null, 2));
    const { fulfilment, orders } = arrangeGateway([outcome]);

    const order = await fulfilment.fulfil(ANA, towing, 'key-1');

    expect(order).toMatchObject({
      id: 41, ownerSubject: 'app-ana', status: 'pending', pendingStatus: 'pending_payment',
      paymentUrl: 'https://www.mercadopago.cl/checkout/v1/redirect?pref_id=legacy-41', currency: 'CLP',
      amounts: { total: 38496, partner: 32722, platform: 5774 }, distanceMetres: 11247, durationSeconds: 1350,
      partnerId: null, createdAt: new Date('2026-11-21T17:10:41.000Z'),
    });
    expect(order.asReceived).toBe(outcome.kind === 'order' && outcome.body);
    expect(orders.records.get(41)).toEqual({ id: 41, ownerSubject: 'app-ana', body: order.asReceived, createdAt: NOW, key: 'key-1' });
  });

  it("when no token of ours is set, then the caller's Authorization goes to the legacy as received", async () => {
    const { fulfilment, legacy } = arrangeGateway([orderOutcome(1)]);

    await fulfilment.fulfil(ANA, towing);

    expect(legacy.calls).toEqual([{ authorization: 'Bearer ana-token' }]);
  });

  it('when the legacy misspells pending_partner, then it is read as pending_partner, logged at warn with the raw value and counted', async () => {
    const { fulfilment, log, counted } = arrangeGateway([orderOutcome(2, { pendingStatus: 'pending_parner' })]);

    const order = await fulfilment.fulfil(ANA, towing);

    expect(order.pendingStatus).toBe('pending_partner');
    expect(log.lines).toEqual([expect.objectContaining({ level: 'warn', data: expect.objectContaining({ raw: 'pending_parner', value: 'pending_partner' }) })]);
    expect(counted).toEqual({ calls: ['order'], corrections: ['pendingStatus'] });
  });

  it('when an order is kept, then its owner finds it and no one else does', async () => {
    const { fulfilment } = arrangeGateway([orderOutcome(7, { partner: { id: 99, name: 'Grúas Andes' } })]);
    const made = await fulfilment.fulfil(ANA, towing);

    expect(await fulfilment.find(ANA, 7)).toEqual(made);
    expect(await fulfilment.find(BRUNO, 7)).toBeNull();
    expect(made.partnerId).toBe('99');
  });

  it("when the legacy's partner carries the contract's fields, then it is the order's partner; without them, the order keeps its id alone", async () => {
    const whole = { id: 'tow-5', name: 'Grúas Andes', phone: '+56922222222', latitude: -33.44, longitude: -70.66 };
    const { fulfilment } = arrangeGateway([orderOutcome(8, { partner: whole }), orderOutcome(9, { partner: { id: 99, name: 'Grúas Andes' } })]);

    const assigned = await fulfilment.fulfil(ANA, towing);
    const partial = await fulfilment.fulfil(ANA, towing);

    expect(assigned.partner).toEqual({ id: 'tow-5', name: 'Grúas Andes', phone: '+56922222222', position: { latitude: -33.44, longitude: -70.66 } });
    expect([partial.partnerId, partial.partner]).toEqual(['99', null]);
  });

  it('when keeping the order fails, then the order is answered all the same, the failure logged and the key marked', async () => {
    const { fulfilment, orders, keys, log } = arrangeGateway([orderOutcome(3)]);
    orders.failing = true;

    const order = await fulfilment.fulfil(ANA, towing, 'key-3');

    expect(order.id).toBe(3);
    expect(keys.marked).toEqual(['app-ana key-3']);
    expect(log.lines.map((l) => l.level)).toEqual(['error']);
  });

  it('when an amount is finer than the currency allows, then it is a bad response and the key is marked', async () => {
    const { fulfilment, keys } = arrangeGateway([orderOutcome(4, { totalAmount: 100.5, partnerAmount: 85.5, platformAmount: 15 })]);

    await expect(fulfilment.fulfil(ANA, towing, 'key-4')).rejects.toMatchObject({ code: 'UPSTREAM_BAD_RESPONSE', orderMayExist: true });
    expect(keys.marked).toEqual(['app-ana key-4']);
  });

  it('when the currency has cents, then the same amounts are read in its major unit', async () => {
    const { fulfilment } = arrangeGateway([orderOutcome(5, { totalAmount: 100.5, partnerAmount: 85.5, platformAmount: 15 })], 'USD');

    expect((await fulfilment.fulfil(ANA, towing)).amounts).toEqual({ total: 10050, partner: 8550, platform: 1500 });
  });

  const failures: [string, LegacyOutcome, object, boolean][] = [
    ['no operator', { kind: 'no-operator', mayHaveReached: true, message: 'No hay grueros disponibles' }, { code: 'NO_OPERATOR_AVAILABLE' }, false],
    ['another 400', { kind: 'rejected', mayHaveReached: true, message: 'Patente bloqueada' }, { code: 'UPSTREAM_REJECTED', legacyMessage: 'Patente bloqueada' }, false],
    ['a forwarded token refused', { kind: 'unauthorized', mayHaveReached: true, credentials: 'forwarded' }, { code: 'UNAUTHENTICATED' }, false],
    ['a forwarded token forbidden', { kind: 'forbidden', mayHaveReached: true, credentials: 'forwarded' }, { code: 'FORBIDDEN' }, false],
    ['our own token refused', { kind: 'unauthorized', mayHaveReached: true, credentials: 'configured' }, { code: 'UPSTREAM_UNAVAILABLE', orderMayExist: false }, false],
    ['a refused connection', { kind: 'unavailable', mayHaveReached: false, reason: 'refused' }, { code: 'UPSTREAM_UNAVAILABLE', orderMayExist: false }, false],
    ['an open breaker', { kind: 'unavailable', mayHaveReached: false, reason: 'breaker-open' }, { code: 'UPSTREAM_UNAVAILABLE', orderMayExist: false }, false],
    ['a reset after sending', { kind: 'unavailable', mayHaveReached: true, reason: 'reset' }, { code: 'UPSTREAM_UNAVAILABLE', orderMayExist: true }, true],
    ['a 500', { kind: 'unavailable', mayHaveReached: true, reason: 'status', status: 500 }, { code: 'UPSTREAM_UNAVAILABLE', orderMayExist: true }, true],
    ['the deadline before sending', { kind: 'timeout', mayHaveReached: false }, { code: 'UPSTREAM_TIMEOUT', orderMayExist: false }, false],
    ['the deadline after sending', { kind: 'timeout', mayHaveReached: true }, { code: 'UPSTREAM_TIMEOUT', orderMayExist: true }, true],
    ['a 200 that is not an order', { kind: 'bad-response', mayHaveReached: true, status: 200, reason: 'not-an-order' }, { code: 'UPSTREAM_BAD_RESPONSE', orderMayExist: true }, true],
    ['a 404', { kind: 'bad-response', mayHaveReached: true, status: 404, reason: 'status' }, { code: 'UPSTREAM_BAD_RESPONSE', orderMayExist: false }, false],
  ];

  it.each(failures)('when the legacy call ends in %s, then the error says so, and the key is marked only if an order may exist', async (_, outcome, error, marked) => {
    const { fulfilment, keys, orders } = arrangeGateway([outcome]);

    await expect(fulfilment.fulfil(ANA, towing, 'key')).rejects.toMatchObject(error);
    expect(keys.marked).toEqual(marked ? ['app-ana key'] : []);
    expect(orders.records.size).toBe(0);
  });

  it('when no operator is available, then the error is the domain one, a member of the createOrder union', async () => {
    const { fulfilment } = arrangeGateway([{ kind: 'no-operator', mayHaveReached: true, message: 'No hay grueros disponibles' }]);

    await expect(fulfilment.fulfil(ANA, towing)).rejects.toBeInstanceOf(NoOperatorAvailableError);
  });

  it('when our own token is refused, then it is logged as an error: it is our configuration', async () => {
    const { fulfilment, log } = arrangeGateway([{ kind: 'forbidden', mayHaveReached: true, credentials: 'configured' }]);

    await expect(fulfilment.fulfil(ANA, towing)).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(log.lines).toEqual([expect.objectContaining({ level: 'error', message: expect.stringContaining('ORDERS_UPSTREAM_TOKEN') })]);
  });

  it('when a kept body no longer reads with the payment key, then finding it fails loudly rather than answer half an order', async () => {
    const { fulfilment, orders } = arrangeGateway([]);
    orders.records.set(8, { id: 8, ownerSubject: 'app-ana', body: JSON.stringify({ id: 8, [`not${FIELD}`]: 'x' }), createdAt: NOW });

    await expect(fulfilment.find(ANA, 8)).rejects.toThrow('kept gateway order 8 does not read');
  });
});
