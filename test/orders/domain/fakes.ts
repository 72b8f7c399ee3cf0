// Hand-written fakes for the ports of the order service, shared by the core tests.
import { createOrderService } from '../../../src/orders/domain/create-order.js';
import { createNativeFulfilment } from '../../../src/orders/domain/native-fulfilment.js';
import type { OrderPolicy } from '../../../src/orders/domain/quote.js';
import type { LegEstimator } from '../../../src/orders/domain/routing.js';
import type { Operator } from '../../../src/operators/domain/operator.js';
import { createOperatorRoster } from '../../support/scan-roster.js';
import type { IdempotencyStore } from '../../../src/orders/domain/idempotency.js';
import type { Order, Point } from '../../../src/orders/domain/order.js';
import type { OrderHistory, OrderPage, OrderStore } from '../../../src/orders/domain/ports.js';
import type { PaymentLinkRequest, PaymentProvider, RefundRequest } from '../../../src/payments/domain/ports.js';
import type { OperatorLocator } from '../../../src/operators/domain/ports.js';

export const NOW = '2026-01-02T03:04:05.678Z';

export const policy: OrderPolicy = {
  travel: { circuityFactor: 1.3, averageSpeedKmh: 40 },
  pricing: {
    currency: 'CLP',
    tariffs: { 1: { base: 30_000, perKm: 1_234 }, 2: { base: 25_000, perKm: 0 }, 3: { base: 20_000, perKm: 0 } },
    commissionBasisPoints: 1234,
  },
  dispatchRadiusMetres: 10_000,
};

/** An operator offering every service, on the meridian of Plaza de Armas. */
export const operator = (id: string, latitude: number, onDuty = true): Operator => ({
  id,
  name: id,
  phone: '+56911111111',
  services: [1, 2, 3],
  position: { latitude, longitude: -70.6505 },
  onDuty,
  updatedAt: new Date('2026-01-01T00:00:00Z'),
});

/** Idempotency keys by `${owner} ${key}`: the fingerprint of the claim and the order bound to it. */
export type KeyTable = Map<string, { fingerprint: string; orderId?: number }>;

/** Claims keys in `keys`; the in-memory order store binds them. No claim ever goes stale here. */
export function inMemoryKeys(keys: KeyTable = new Map()): IdempotencyStore & { keys: KeyTable } {
  return {
    keys,
    async claim(owner, key, fingerprint) {
      const held = keys.get(`${owner} ${key}`);
      if (!held) {
        keys.set(`${owner} ${key}`, { fingerprint });
        return { kind: 'claimed' };
      }
      if (held.fingerprint !== fingerprint) return { kind: 'reused' };
      return held.orderId ? { kind: 'done', orderId: held.orderId } : { kind: 'in-use' };
    },
    async release(owner, key) {
      if (!keys.get(`${owner} ${key}`)?.orderId) keys.delete(`${owner} ${key}`);
    },
  };
}

/**
 * Keeps orders in an array and gives them ids 1, 2, 3…; `failure` makes every insert throw. Its
 * history of an order is its creation, as the store writes it.
 */
export function inMemoryStore(failure?: Error, keys: KeyTable = new Map()): OrderStore & OrderHistory & { rows: Order[] } {
  const rows: Order[] = [];
  const mine = (page: OrderPage) => (o: Order) => (page.before === undefined || o.id < page.before) && (!page.status || o.status === page.status);
  return {
    rows,
    async insert(order, idempotencyKey) {
      if (failure) throw failure;
      const stored: Order = { ...order, id: rows.length + 1, version: 1, pausedPendingStatus: null, providerPaymentId: null, refundAmount: null, partner: null };
      rows.push(stored);
      const claim = idempotencyKey && keys.get(`${order.ownerSubject} ${idempotencyKey}`);
      if (claim) claim.orderId = stored.id;
      return stored;
    },
    async findById(id, ownerSubject) {
      return rows.find((o) => o.id === id && o.ownerSubject === ownerSubject) ?? null;
    },
    async findAnyById(id) {
      return rows.find((o) => o.id === id) ?? null;
    },
    async findByPaymentReference(reference) {
      return rows.find((o) => o.paymentReference === reference) ?? null;
    },
    async listByOwner(ownerSubject, page) {
      return rows.filter((o) => o.ownerSubject === ownerSubject).filter(mine(page)).reverse().slice(0, page.limit);
    },
    async history(orderId) {
      const order = rows.find((o) => o.id === orderId);
      return order ? [{ kind: 'created', at: order.createdAt, status: order.status, pendingStatus: order.pendingStatus, actor: 'owner', reason: null }] : [];
    },
  };
}

/** Records every link created and cancelled, and every refund asked; the failures make those calls reject. */
export function recordingPayments(failure?: Error, cancelFailure?: Error, refundFailure?: Error) {
  const created: PaymentLinkRequest[] = [];
  const cancelled: string[] = [];
  const refunds: RefundRequest[] = [];
  const provider: PaymentProvider = {
    async createPaymentLink(request) {
      created.push(request);
      if (failure) throw failure;
      return { url: `https://pay.example/${request.reference}` };
    },
    async cancelPaymentLink(reference) {
      cancelled.push(reference);
      if (cancelFailure) throw cancelFailure;
    },
    async refundPayment(request) {
      refunds.push(request);
      if (refundFailure) throw refundFailure;
    },
  };
  return { provider, created, cancelled, refunds };
}

/** A real roster that also records the points it was asked about. */
export function recordingRoster(operators: Operator[]) {
  const roster = createOperatorRoster(operators);
  const lookups: Point[] = [];
  const locator: OperatorLocator = {
    nearestAvailable(point, service, radiusMetres) {
      lookups.push(point);
      return roster.nearestAvailable(point, service, radiusMetres);
    },
  };
  return { locator, lookups };
}

export interface Arrangement {
  operators: Operator[];
  storeFailure?: Error;
  payFailure?: Error;
  cancelFailure?: Error;
  /** How legs are estimated; by default the great circle. */
  legs?: LegEstimator;
}

/** The order service over the fakes, with a fixed clock and references ref-1, ref-2… */
export function arrangeOrderService(options: Arrangement) {
  const roster = recordingRoster(options.operators);
  const idempotency = inMemoryKeys();
  const orders = inMemoryStore(options.storeFailure, idempotency.keys);
  const payments = recordingPayments(options.payFailure, options.cancelFailure);
  let references = 0;
  const fulfilment = createNativeFulfilment({
    orders,
    events: orders,
    operators: roster.locator,
    payments: payments.provider,
    policy,
    clock: () => new Date(NOW),
    newPaymentReference: () => `ref-${++references}`,
    ...(options.legs ? { legs: options.legs } : {}),
  });
  const service = createOrderService({ fulfilment, idempotency, clock: () => new Date(NOW) });
  return { service, fulfilment, orders, payments, idempotency, lookups: roster.lookups };
}
