import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkip, inBrowser, launchBrowser, type TestBrowser } from '../support/browser.js';
import { startFrontedService, type FrontedService } from '../support/fronted-service.js';
import { paymentOf } from '../support/payment-queries.js';
import { restBody } from '../support/service.js';

describe.skipIf(browserSkip !== null)(inBrowser("the sandbox's payment page in a browser"), () => {
  let browser: TestBrowser;
  let service: FrontedService;
  beforeAll(async () => {
    browser = await launchBrowser();
    service = await startFrontedService({ listen: true });
    browser.allow(service.publicUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it("when the payer opens a real order's link and clicks Pay, then order(id) shows it PENDING_PARTNER and paid", async () => {
    const { body: order } = await service.rest(restBody());
    const page = await browser.context.newPage();
    try {
      await page.goto(order.paymentProviderReference);
      const before = await page.locator('#state').getAttribute('data-state');

      await page.locator('#pay').click();
      await page.waitForURL(order.paymentProviderReference);

      expect(before).toBe('open');
      await expect.poll(() => page.locator('#state').getAttribute('data-state')).toBe('paid');
      await expect.poll(async () => (await paymentOf(service, order.id)).pendingStatus).toBe('PENDING_PARTNER');
      expect((await paymentOf(service, order.id)).paymentStatus).toBe('PAID');
      expect(await page.locator('#pay').count()).toBe(0);
      expect(browser.refused).toEqual([]);
      expect(browser.problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('when the payer clicks Cancel, then the page says the link is void and offers no Pay', async () => {
    const { body: order } = await service.rest(restBody());
    const page = await browser.context.newPage();
    try {
      await page.goto(order.paymentProviderReference);

      await page.locator('#cancel').click();
      await page.waitForURL(order.paymentProviderReference);

      await expect.poll(() => page.locator('#state').getAttribute('data-state')).toBe('cancelled');
      expect(await page.locator('#state').innerText()).toContain('anulado');
      expect(await page.locator('#pay').count()).toBe(0);
      expect((await paymentOf(service, order.id)).pendingStatus).toBe('PENDING_PAYMENT');
      expect(browser.problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
