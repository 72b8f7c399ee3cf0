import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { RefundRequest } from '../../src/payments/domain/ports.js';
import { createSandboxPayments, type SandboxMode } from '../../src/payments/providers/sandbox.js';
import { createOrderStore } from '../../src/orders/store/order-store.js';
import { createSandboxLinkStore } from '../../src/payments/store/sandbox-link-store.js';
import type { Engine, TestStore } from './engines.js';
import { newOrder } from './new-order.js';

export const AT = new Date('2026-03-01T12:00:00.000Z');
/** newOrder's total, in pesos: what a paid link was paid. */
export const PAID = 38_496;
export const failureOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

/** A store of the engine's for the suite, with orders to pay through the sandbox and refund. */
export function sandboxRefundsOn(engine: Engine) {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
  });
  afterAll(() => store?.dispose());

  const links = () => createSandboxLinkStore(store.sql);
  /** The sandbox as a provider in the mode given; slow ones take a minute. */
  const sandbox = (mode: SandboxMode = 'ok') =>
    createSandboxPayments({ publicUrl: 'https://orders.example', links: links(), mode, delayMs: 60_000, clock: () => AT });
  /** The whole payment's refund, as the order's timer asks it. */
  const refund = (reference: string, over: Partial<RefundRequest> = {}): RefundRequest =>
    Object.assign({ reference, providerPaymentId: null, amount: PAID, currency: 'CLP', idempotencyKey: `refund-${reference}` }, over);
  /** The refunds recorded on the link. */
  const refundRows = async (reference: string) =>
    (await store.sql.query<{ refunded_amount: string | number; refund_key: string }>(
      'select refunded_amount, refund_key from sandbox_payment_links where reference = $1 and refund_key is not null', [reference],
    )).rows.map((r) => ({ amount: Number(r.refunded_amount), key: r.refund_key }));

  /** An order waiting for its payment: its reference. */
  async function order() {
    return (await createOrderStore(store.sql).insert(newOrder({ createdAt: AT, updatedAt: AT }))).paymentReference;
  }
  /** An order whose link the payer paid. */
  async function paidLink() {
    const reference = await order();
    const paymentId = randomUUID();
    expect(await links().markPaid(reference, paymentId, AT)).toBe(true);
    return { reference, paymentId };
  }

  return { links, sandbox, refund, refundRows, order, paidLink };
}
