import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveSandboxSecret, signedSandboxNotification } from '../../src/payments/providers/sandbox-notifications.js';
import { startFrontedService, type FrontedService } from '../support/fronted-service.js';
import { notificationRows, paymentOf } from '../support/payment-queries.js';
import { restBody, SECRET } from '../support/service.js';

// The payer's browser: no cookies, no redirects followed, like a form post seen by the server.
const browserPost = (url: string) => fetch(url, { method: 'POST', redirect: 'manual' });
const pageOf = async (url: string) => {
  const answer = await fetch(url);
  const html = await answer.text();
  return { status: answer.status, html, state: /data-state="(\w+)"/.exec(html)?.[1] };
};

let service: FrontedService;
let now = new Date('2026-03-01T12:00:00.000Z');
beforeAll(async () => {
  service = await startFrontedService({ clock: () => now });
});
afterAll(() => service.close());

async function newOrder() {
  const { status, body } = await service.rest(restBody());
  expect(status).toBe(200);
  return body as { id: number; paymentProviderReference: string; createdAt: string };
}

describe('paying through the sandbox', () => {
  it('when the payer clicks Pay, then the order goes on to pending_partner, paid, and its updatedAt changes', async () => {
    const order = await newOrder();
    const page = await pageOf(order.paymentProviderReference);
    now = new Date(now.getTime() + 60_000);

    const paid = await browserPost(`${order.paymentProviderReference}/pay`);

    expect(page).toMatchObject({ status: 200, state: 'open' });
    expect(page.html).toContain('id="pay"');
    expect([paid.status, paid.headers.get('location')]).toEqual([303, new URL(order.paymentProviderReference).pathname]);
    await expect.poll(async () => (await paymentOf(service, order.id)).pendingStatus).toBe('PENDING_PARTNER');
    const after = await paymentOf(service, order.id);
    expect(after).toMatchObject({ status: 'PENDING', paymentStatus: 'PAID' });
    expect(after.updatedAt).toBe(now.toISOString());
    expect(after.updatedAt).not.toBe(order.createdAt);
    expect((await pageOf(order.paymentProviderReference)).state).toBe('paid');
  });

  it('when Pay is clicked again, then it is refused with the page, and the payment is one', async () => {
    const order = await newOrder();
    await browserPost(`${order.paymentProviderReference}/pay`);
    await expect.poll(async () => (await paymentOf(service, order.id)).paymentStatus).toBe('PAID');
    const rows = (await notificationRows(service)).length;

    const again = await browserPost(`${order.paymentProviderReference}/pay`);

    expect(again.status).toBe(409);
    expect(await again.text()).toContain('data-state="paid"');
    expect((await notificationRows(service)).length).toBe(rows);
  });

  it('when the payer cancels, then the link is void: its page says so and Pay no longer works', async () => {
    const order = await newOrder();

    const cancelled = await browserPost(`${order.paymentProviderReference}/cancel`);
    const page = await pageOf(order.paymentProviderReference);
    const pay = await browserPost(`${order.paymentProviderReference}/pay`);

    expect(cancelled.status).toBe(303);
    expect(page.state).toBe('cancelled');
    expect(page.html).toContain('anulado');
    expect(page.html).not.toContain('id="pay"');
    expect(pay.status).toBe(409);
    expect(await paymentOf(service, order.id)).toMatchObject({ pendingStatus: 'PENDING_PAYMENT', paymentStatus: 'PENDING' });
  });

  it('when the link has expired, then the sweep cancels the order, voids the link, and Pay no longer works', async () => {
    const order = await newOrder();
    const { paymentExpiresAt } = await paymentOf(service, order.id);
    now = new Date(Date.parse(paymentExpiresAt!) + 5 * 60_000);

    await service.expireUnpaid();
    const after = await paymentOf(service, order.id);
    const pay = await browserPost(`${order.paymentProviderReference}/pay`);

    expect(after).toMatchObject({ status: 'CANCELLED', pendingStatus: null, paymentStatus: 'EXPIRED', updatedAt: now.toISOString() });
    expect(pay.status).toBe(409);
    expect((await pageOf(order.paymentProviderReference)).state).toBe('expired');
  });
});

describe("the sandbox's notifications", () => {
  const notify = (headers: Record<string, string>, body: unknown) =>
    fetch(`${service.publicUrl}/payments/notifications/sandbox`, {
      method: 'POST',
      headers: Object.assign({ 'content-type': 'application/json' }, headers),
      body: JSON.stringify(body),
    });

  it('when a notification is forged, then it gets 401 INVALID_SIGNATURE and nothing is kept', async () => {
    const rows = (await notificationRows(service)).length;
    const forged = signedSandboxNotification('not-the-secret', '6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5', now.getTime());

    const answer = await notify(forged.headers, forged.body);
    const unsigned = await notify({}, forged.body);

    expect([answer.status, (await answer.json()).code]).toEqual([401, 'INVALID_SIGNATURE']);
    expect(unsigned.status).toBe(401);
    expect((await notificationRows(service)).length).toBe(rows);
  });

  it('when the same notification comes again, then it is one, and the order is paid once', async () => {
    const order = await newOrder();
    await browserPost(`${order.paymentProviderReference}/pay`);
    await expect.poll(async () => (await paymentOf(service, order.id)).paymentStatus).toBe('PAID');
    const [row] = (await notificationRows(service)).slice(-1);
    const repeat = signedSandboxNotification(deriveSandboxSecret(SECRET), row!.payment_id, now.getTime());
    const paidAt = (await paymentOf(service, order.id)).updatedAt;
    now = new Date(now.getTime() + 60_000);

    const answers = await Promise.all([notify(repeat.headers, repeat.body), notify(repeat.headers, repeat.body)]);
    await service.paymentNotifications.drain();

    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await notificationRows(service)).filter((r) => r.payment_id === row!.payment_id)).toHaveLength(1);
    expect(await paymentOf(service, order.id)).toMatchObject({ paymentStatus: 'PAID', updatedAt: paidAt });
  });
});
