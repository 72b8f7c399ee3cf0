import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restBody, startTestService, type TestService } from '../support/service.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

describe('health', () => {
  it('when the process serves, then /healthz and /readyz answer 200 without a token', async () => {
    expect((await service.call('/healthz', { auth: null })).status).toBe(200);
    expect((await service.call('/readyz', { auth: null })).status).toBe(200);
  });

  it('when the store does not answer, then /readyz answers 503 and /healthz still 200', async () => {
    const down = await startTestService();
    await down.sql.close();
    expect((await down.call('/readyz', { auth: null })).status).toBe(503);
    expect((await down.call('/healthz', { auth: null })).status).toBe(200);
    // The store is closed already: only the listener is left to close.
    await down.close().catch(() => {});
  });
});

describe('the sandbox payment page', () => {
  it("when the order's payment link is opened, then it shows the amount and the reference", async () => {
    const { body: order } = await service.rest(restBody());
    const path = new URL(order.paymentProviderReference).pathname;
    const page = await service.call(path, { auth: null });
    const reference = path.split('/').pop()!;
    const amount = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP' }).format(order.totalAmount);

    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain(reference);
    expect(page.text).toContain(amount);
  });

  it.each(['no-such-reference', '%E0%A4%A'])('when the reference is %s, then it answers 404', async (reference) => {
    const page = await service.call(`/sandbox/payments/${reference}`, { auth: null });
    expect([page.status, page.body.code]).toEqual([404, 'NOT_FOUND']);
  });
});
