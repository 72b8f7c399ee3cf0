import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotificationInbox } from '../../../src/payments/store/notification-inbox.js';
import { createOrderStore } from '../../../src/orders/store/order-store.js';
import { createSandboxLinkStore } from '../../../src/payments/store/sandbox-link-store.js';
import { ENGINES, onEngine, type TestStore } from '../../support/engines.js';
import { lifecycleOver } from '../../support/lifecycle.js';
import { newOrder } from '../../support/new-order.js';

const AT = new Date('2026-03-01T12:00:00.000Z');
const after = (ms: number) => new Date(AT.getTime() + ms);
const TOTAL = { amount: 38_496, currency: 'CLP', providerPaymentId: 'pay-1' };

for (const engine of ENGINES) {
  describe.skipIf(engine.skip !== null)(`the payment stores, ${onEngine(engine)}`, () => {
    let store: TestStore;
    beforeAll(async () => {
      store = await engine.open();
    });
    afterAll(() => store?.dispose());

    const stored = (over: Parameters<typeof newOrder>[0] = {}) =>
      createOrderStore(store.sql).insert(newOrder(Object.assign({ paymentExpiresAt: after(30 * 60_000), createdAt: AT, updatedAt: AT }, over)));
    // The payments' side of the state machine, its clock at `now`.
    let now = AT;
    const createOrderPaymentsStore = (sql: typeof store.sql) => lifecycleOver(sql, { clock: () => now }).payments;
    const read = async (reference: string) => (await createOrderStore(store.sql).findByPaymentReference(reference))!;

    describe('an order paid', () => {
      it('when its payment is applied, then it goes on to pending_partner, paid, updated now; a repeat changes nothing', async () => {
        const payments = createOrderPaymentsStore(store.sql);
        const order = await stored({ estimateSource: 'road', paymentLinkId: 'pref-1' });

        now = after(1_000);
        const first = await payments.markPaid(order.paymentReference, TOTAL, now);
        now = after(2_000);
        const again = await payments.markPaid(order.paymentReference, TOTAL, now);

        expect([first, again]).toEqual(['applied', 'already_paid']);
        expect(await read(order.paymentReference)).toMatchObject({
          status: 'pending', pendingStatus: 'pending_partner', paymentStatus: 'paid', updatedAt: after(1_000),
          estimateSource: 'road', paymentLinkId: 'pref-1', paymentExpiresAt: after(30 * 60_000),
        });
      });

      it('when two instances apply it at once, then one applies it and the other finds it paid', async () => {
        const payments = createOrderPaymentsStore(store.sql);
        const order = await stored();

        const outcomes = await Promise.all([1, 2].map(() => payments.markPaid(order.paymentReference, TOTAL, after(1_000))));

        expect(outcomes.sort()).toEqual(['already_paid', 'applied']);
      });

      it.each([
        ['another amount', { amount: 1_000, currency: 'CLP', providerPaymentId: 'p' }, 'amount_mismatch'],
        ['another currency', { amount: 38_496, currency: 'USD', providerPaymentId: 'p' }, 'amount_mismatch'],
        ['no amount said', { amount: null, currency: null, providerPaymentId: 'p' }, 'amount_mismatch'],
      ])('when the payment is of %s, then the order is left waiting', async (_, paid, outcome) => {
        const order = await stored();

        expect(await createOrderPaymentsStore(store.sql).markPaid(order.paymentReference, paid, after(1_000))).toBe(outcome);
        expect((await read(order.paymentReference)).pendingStatus).toBe('pending_payment');
      });

      it('when no order has the reference, then it says so, whatever the reference', async () => {
        const payments = createOrderPaymentsStore(store.sql);

        expect(await payments.markPaid(randomUUID(), TOTAL, AT)).toBe('no_order');
        expect(await payments.markPaid('not-a-uuid', TOTAL, AT)).toBe('no_order');
      });
    });

    describe('unpaid orders past their expiry', () => {
      it('when the sweep runs, then only the waiting orders expired before the bound are cancelled, each once', async () => {
        const payments = createOrderPaymentsStore(store.sql);
        const old = new Date('2020-01-01T00:00:00Z');
        const expired = await stored({ paymentExpiresAt: old, paymentLinkId: 'pref-x' });
        const paid = await stored({ paymentExpiresAt: old });
        await payments.markPaid(paid.paymentReference, TOTAL, old);
        const open = await stored({ paymentExpiresAt: after(60_000) });
        const never = await stored({ paymentExpiresAt: null });

        now = after(5_000);
        const swept = await payments.expireUnpaid(AT, 100);
        const again = await payments.expireUnpaid(AT, 100);

        expect(swept).toBeGreaterThanOrEqual(1);
        expect((await read(paid.paymentReference)).status).toBe('pending');
        expect(again).toBe(0);
        expect(await read(expired.paymentReference)).toMatchObject({
          status: 'cancelled', pendingStatus: null, paymentStatus: 'expired', updatedAt: after(5_000),
        });
        for (const kept of [open, never]) expect((await read(kept.paymentReference)).status).toBe('pending');
        expect(await payments.markPaid(expired.paymentReference, TOTAL, after(6_000))).toBe('not_payable');
        // Paid after it was cancelled: the money goes back in full.
        expect(await read(expired.paymentReference)).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending' });
      });
    });

    describe('the notification inbox', () => {
      it('when a notification is repeated, then it is one entry, due again; once applied, repeats leave it done', async () => {
        const inbox = createNotificationInbox(store.sql);
        const payment = randomUUID();

        await inbox.add('test', payment, AT);
        await inbox.add('test', payment, AT);
        const [entry] = await inbox.claimDue(AT, 10, 60_000);
        await inbox.complete(entry!, 'applied');
        await inbox.add('test', payment, after(1_000));

        expect(entry).toMatchObject({ provider: 'test', providerPaymentId: payment, deliveries: 2, attempts: 1, receivedAt: AT });
        expect(await inbox.claimDue(after(120_000), 10, 60_000)).toEqual([]);
      });

      it('when an entry is claimed, then no other claim takes it until its lease ends', async () => {
        const inbox = createNotificationInbox(store.sql);
        const payment = randomUUID();
        await inbox.add('lease', payment, AT);

        const [first, second] = await Promise.all([inbox.claimDue(AT, 10, 60_000), inbox.claimDue(AT, 10, 60_000)]);
        const afterLease = await inbox.claimDue(after(61_000), 10, 60_000);

        const mine = (entries: { providerPaymentId: string }[]) => entries.filter((e) => e.providerPaymentId === payment);
        expect(mine(first!).length + mine(second!).length).toBe(1);
        expect(mine(afterLease)).toHaveLength(1);
      });

      it('when a notification comes again while its entry is processed, then completing it leaves it due', async () => {
        const inbox = createNotificationInbox(store.sql);
        const payment = randomUUID();
        await inbox.add('race', payment, AT);
        const [entry] = (await inbox.claimDue(AT, 50, 60_000)).filter((e) => e.providerPaymentId === payment);

        await inbox.add('race', payment, after(1_000));
        await inbox.complete(entry!, 'not_paid');

        expect((await inbox.claimDue(after(1_000), 50, 60_000)).map((e) => e.providerPaymentId)).toContain(payment);
      });

      it('when an entry is retried, then it is due at the time given, not before', async () => {
        const inbox = createNotificationInbox(store.sql);
        const payment = randomUUID();
        await inbox.add('retry', payment, AT);
        const [entry] = (await inbox.claimDue(AT, 50, 1_000)).filter((e) => e.providerPaymentId === payment);

        await inbox.retryAt(entry!, after(30_000), 'no_order_yet');

        const ids = async (at: Date) => (await inbox.claimDue(at, 50, 1_000)).map((e) => e.providerPaymentId);
        expect(await ids(after(20_000))).not.toContain(payment);
        expect(await ids(after(30_000))).toContain(payment);
      });
    });

    describe("the sandbox's links", () => {
      it('when a link is paid, then it reads paid, its payment reads back, and it cannot be paid or voided again', async () => {
        const links = createSandboxLinkStore(store.sql);
        const order = await stored();
        const payment = randomUUID();

        const open = await links.find(order.paymentReference, AT);
        const paid = await links.markPaid(order.paymentReference, payment, AT);
        const twice = await links.markPaid(order.paymentReference, randomUUID(), AT);
        const voided = await links.markCancelled(order.paymentReference, AT);

        expect(open).toMatchObject({ orderId: order.id, amount: 38_496, currency: 'CLP', state: 'open', expiresAt: after(30 * 60_000) });
        expect([paid, twice, voided]).toEqual([true, false, false]);
        expect((await links.find(order.paymentReference, AT))!.state).toBe('paid');
        expect(await links.payment(payment)).toEqual({ paymentId: payment, reference: order.paymentReference, amount: 38_496, currency: 'CLP', refunded: 0 });
      });

      it('when a link is voided or expired, then it cannot be paid', async () => {
        const links = createSandboxLinkStore(store.sql);
        const voided = await stored();
        const lapsed = await stored();
        await links.markCancelled(voided.paymentReference, AT);

        expect(await links.markPaid(voided.paymentReference, randomUUID(), AT)).toBe(false);
        expect(await links.markPaid(lapsed.paymentReference, randomUUID(), after(31 * 60_000))).toBe(false);
        expect((await links.find(voided.paymentReference, AT))!.state).toBe('cancelled');
        expect((await links.find(lapsed.paymentReference, after(31 * 60_000)))!.state).toBe('expired');
      });

      it('when the reference names no order, then there is no link', async () => {
        const links = createSandboxLinkStore(store.sql);

        expect(await links.find(randomUUID(), AT)).toBeNull();
        expect(await links.find('no-such-reference', AT)).toBeNull();
        expect(await links.payment('no-such-payment')).toBeNull();
      });
    });
  });
}
