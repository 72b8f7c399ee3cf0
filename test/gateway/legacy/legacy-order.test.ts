import { describe, expect, it } from 'vitest';
import { editDistance, MAX_EDITS } from '../../../src/gateway/domain/closest-value.js';
import { readLegacyOrder } from '../../../src/gateway/domain/legacy-order.js';
import { PENDING_STATUSES } from '../../../src/orders/domain/order.js';
import { legacyOrderBody } from '../../support/fake-legacy.js';

const FIELD = 'mercadoPagoReference';
const request = {
  originLatitude: -33.4378, originLongitude: -70.6505, destinationLatitude: -33.495, destinationLongitude: -70.58,
  serviceId: 1, phoneNumber: '+56912345678', vehicleIdentification: 'AB12CD',
};
const legacy = (over: Record<string, unknown> = {}) => Object.assign(legacyOrderBody(7, request, FIELD), over);
const without = (field: string) => {
  const body: Record<string, unknown> = legacy();
  delete body[field];
  return body;
};
const problemsOf = (body: unknown) => {
  const reading = readLegacyOrder(body, FIELD);
  return reading.ok ? [] : reading.problems;
};

describe('reading a legacy order', () => {
  it('when the legacy writes an order of §2.1, then every field is read, the payment URL from the provider-named key', () => {
    const reading = readLegacyOrder(legacy(), FIELD);

    expect(reading).toEqual({
      ok: true,
      corrections: [],
      order: {
        id: 7, status: 'pending', pendingStatus: 'pending_payment',
        paymentUrl: 'https://www.mercadopago.cl/checkout/v1/redirect?pref_id=legacy-7',
        origin: { latitude: -33.4378, longitude: -70.6505 }, destination: { latitude: -33.495, longitude: -70.58 },
        originTitle: 'Plaza de Armas, Santiago', destinationTitle: 'Av. Grecia 8735, Peñalolén',
        serviceCode: 1, vehicleIdentification: 'AB12CD', durationSeconds: 1350, distanceMetres: 11247,
        amounts: { total: 38496, partner: 32722, platform: 5774 },
        partnerDistanceMetres: 3562, partnerDurationSeconds: 427,
        clientName: 'Cliente App', clientPhone: '+56912345678', partner: null,
        createdAt: '2026-11-21T17:10:07.000Z', updatedAt: '2026-11-21T17:10:07.000Z',
      },
    });
  });

  it('when the order carries a partner object and no client name, then both are taken as they are', () => {
    const reading = readLegacyOrder(legacy({ partner: { id: 42, name: 'Grúas Andes' }, clientName: null }), FIELD);

    expect(reading.ok && reading.order).toMatchObject({ partner: { id: 42, name: 'Grúas Andes' }, clientName: null });
  });

  it('when the order is no longer pending, then a null pendingStatus is read as null', () => {
    const reading = readLegacyOrder(legacy({ status: 'finished', pendingStatus: null }), FIELD);

    expect(reading.ok && reading.order).toMatchObject({ status: 'finished', pendingStatus: null });
  });
});

describe('the misspelled pendingStatus', () => {
  it.each([
    'pending_parner', 'pendig_partner', 'pendign_partner', 'pending_partnr', 'pending_partnerr', 'pendingpartner',
    'pending-partner', 'pending partner', 'PENDING_PARTNER', 'Pending_Partner', 'PENDING-PARTNR',
  ])('when the legacy writes %j, then it is read as pending_partner and the correction is reported', (raw) => {
    const reading = readLegacyOrder(legacy({ pendingStatus: raw }), FIELD);

    expect(reading.ok && reading.order.pendingStatus).toBe('pending_partner');
    expect(reading.ok && reading.corrections).toEqual([{ field: 'pendingStatus', raw, value: 'pending_partner' }]);
  });

  it.each([
    ['partner_in_orign', 'partner_in_origin'],
    ['partner_goin_to_origin', 'partner_going_to_origin'],
    ['pending_paymnet', 'pending_payment'],
  ])('when the legacy misspells another value (%j), then it is read as %j', (raw, value) => {
    const reading = readLegacyOrder(legacy({ pendingStatus: raw }), FIELD);

    expect(reading.ok && reading.corrections).toEqual([{ field: 'pendingStatus', raw, value }]);
  });

  it('when the legacy writes a documented value, then it is read as it is, no other being within reach of it', () => {
    for (const value of PENDING_STATUSES) {
      expect(PENDING_STATUSES.filter((other) => other !== value && editDistance(value, other) <= MAX_EDITS), value).toEqual([]);

      expect(readLegacyOrder(legacy({ pendingStatus: value }), FIELD)).toMatchObject({ ok: true, corrections: [], order: { pendingStatus: value } });
    }
  });

  it('when the value is within a few edits of two documented values, then it is refused, not guessed', () => {
    for (const raw of ['pending_partent', 'pending_paymner', 'pending_paytnet', 'pending_parmnet']) {
      const near = ['pending_partner', 'pending_payment'].filter((v) => editDistance(raw, v) <= MAX_EDITS);
      expect(near, raw).toHaveLength(2);

      expect(problemsOf(legacy({ pendingStatus: raw })), raw).toEqual([
        { field: 'pendingStatus', reason: expect.stringContaining(`got "${raw}"`) },
      ]);
    }
  });

  it.each(['waiting_partner', 'pending', 'partner', '', 'pending_partner_assigned_now', 'pendiente_socio'])(
    'when the value %j is farther from every documented value, then it is refused',
    (raw) => {
      expect(problemsOf(legacy({ pendingStatus: raw }))).toEqual([{ field: 'pendingStatus', reason: expect.any(String) }]);
    },
  );

  it('when a pending order has no pendingStatus, then it is refused', () => {
    expect(problemsOf(legacy({ pendingStatus: null }))).toEqual([{ field: 'pendingStatus', reason: expect.any(String) }]);
    expect(problemsOf(without('pendingStatus'))).toEqual([{ field: 'pendingStatus', reason: 'missing' }]);
  });

  it('when the status itself is misspelled, then it is refused: only pendingStatus is known to be', () => {
    expect(problemsOf(legacy({ status: 'pendng' })).map((p) => p.field)).toEqual(['status']);
    expect(problemsOf(legacy({ status: 'PENDING' })).map((p) => p.field)).toEqual(['status']);
  });
});

describe('what breaks the spec', () => {
  it.each([
    ['id', '7'], ['id', 0], ['id', 7.5],
    ['status', 'open'],
    [FIELD, 'not a url'], [FIELD, 'ftp://pay.example/1'], [FIELD, 42],
    ['originLatitude', 91], ['originLatitude', '-33.4'], ['originLongitude', -181],
    ['destinationLatitude', null], ['destinationLongitude', 180.5],
    ['originTitle', null], ['destinationTitle', 3],
    ['serviceCode', 4], ['serviceCode', '1'],
    ['vehicleIdentification', null],
    ['duration', '1350'], ['duration', 1350], ['duration', '1350 s'], ['duration', '-5s'], ['duration', '1.5s'],
    ['partnerDuration', 'PT7M'],
    ['distance', -1], ['distance', '11247'], ['partnerDistance', null],
    ['totalAmount', '38496'], ['partnerAmount', -1], ['platformAmount', null],
    ['clientName', 5], ['clientPhone', 56912345678],
    ['partner', []], ['partner', 'op-1'],
    ['createdAt', '2026-11-21T17:10:00Z'], ['createdAt', '2026-11-21 17:10:00.000Z'], ['createdAt', '2026-02-30T10:00:00.000Z'],
    ['updatedAt', 1763745000000],
  ])('when %s is %j, then the problem names that field', (field, value) => {
    expect(problemsOf(legacy({ [field]: value }))).toEqual([{ field, reason: expect.any(String) }]);
  });

  it.each(['id', 'status', 'originLatitude', 'serviceCode', 'duration', 'totalAmount', 'clientName', 'partner', 'createdAt'])(
    'when %s is missing, then it is named as missing',
    (field) => {
      expect(problemsOf(without(field))).toEqual([{ field, reason: 'missing' }]);
    },
  );

  it('when the URL is only under paymentProviderReference, then the provider-named key is missing', () => {
    const body: Record<string, unknown> = without(FIELD);
    body.paymentProviderReference = 'https://pay.example/7';

    expect(problemsOf(body)).toEqual([{ field: FIELD, reason: 'missing' }]);
  });

  it('when the parts do not add up to the total, then the total is named', () => {
    expect(problemsOf(legacy({ platformAmount: 5775 }))).toEqual([{ field: 'totalAmount', reason: expect.any(String) }]);
  });

  it('when several fields are broken, then each is named', () => {
    expect(problemsOf(legacy({ id: null, duration: '5m', partner: 1 })).map((p) => p.field)).toEqual(['id', 'duration', 'partner']);
  });

  it.each([[null], [[]], ['order'], [42]])('when the body is %j, then it is not an order', (body) => {
    expect(problemsOf(body)).toEqual([{ field: '(body)', reason: expect.any(String) }]);
  });
});
