import { randomUUID } from 'node:crypto';
import type { NewOrder } from '../../src/orders/domain/order.js';

/** An order as the core hands it to the store, with a fresh payment reference. */
export const newOrder = (over: Partial<NewOrder> = {}): NewOrder => {
  const reference = randomUUID();
  return {
    ownerSubject: 'app-1',
    status: 'pending',
    pendingStatus: 'pending_payment',
    paymentReference: reference,
    paymentUrl: `https://pay.example/${reference}`,
    origin: { latitude: -33.4378, longitude: -70.6505 },
    destination: { latitude: -33.495, longitude: -70.58 },
    originTitle: 'Plaza de Armas',
    destinationTitle: '-33.49500, -70.58000',
    serviceCode: 1,
    vehicleIdentification: 'AB12CD',
    distanceMetres: 11_247,
    durationSeconds: 1_350,
    amounts: { total: 38_496, partner: 32_722, platform: 5_774 },
    currency: 'CLP',
    partnerDistanceMetres: 3_562,
    partnerDurationSeconds: 427,
    quotedOperatorId: 'op-01',
    clientName: null,
    clientPhone: '+56912345678',
    partnerId: null,
    createdAt: new Date('2026-11-21T17:10:00.123Z'),
    updatedAt: new Date('2026-11-21T17:10:00.123Z'),
    ...over,
  };
};
