import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkip, inBrowser, launchBrowser, type TestBrowser } from '../support/browser.js';
import type { FrontedService } from '../support/fronted-service.js';
import { newOrder, offeredOperator, pay, startLiveService } from '../live-updates/support.js';

describe.skipIf(browserSkip !== null)(inBrowser('the tracking page in a browser'), () => {
  let browser: TestBrowser;
  let service: FrontedService;
  beforeAll(async () => {
    browser = await launchBrowser();
    service = await startLiveService();
    // The page is opened on the listener itself: the test's public front hands on whole answers
    // only, and the page's event stream never ends.
    browser.allow(service.base!);
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it('when the order changes through the API, then the open page shows it without a reload', async () => {
    const order = await newOrder(service);
    await pay(order);
    const operator = await offeredOperator(service, order.id);
    const page = await browser.context.newPage();
    try {
      await page.goto(`${service.base}/track/${order.reference}`);
      await expect.poll(() => page.locator('#live').getAttribute('data-live')).toBe('live');
      const before = await page.locator('#state').getAttribute('data-state');
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

      await service.lifecycle.operations.acceptOffer(operator, String(order.id));

      await expect.poll(() => page.locator('#state').getAttribute('data-state')).toBe('partner_start_order');
      await service.lifecycle.operations.advance(operator, String(order.id), 'partner_going_to_origin');
      await expect.poll(() => page.locator('#state').innerText()).toBe('El operador va en camino');
      expect(before).toBe('pending_partner');
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      expect(await page.locator('#operator-name').innerText()).not.toBe('');
      expect(await page.locator('#approach-eta').count()).toBe(1);
      expect(await page.locator('#map [data-kind]').evaluateAll((marks) => marks.map((m) => m.getAttribute('data-kind')))).toEqual([
        'origin',
        'destination',
        'operator',
      ]);
      expect(await page.locator('#timeline li').evaluateAll((items) => items.map((i) => i.getAttribute('data-type')))).toEqual(
        expect.arrayContaining(['paid', 'assigned', 'progressed']),
      );
      expect(await page.content()).not.toMatch(/AB12CD|\+569/);
      expect(browser.refused).toEqual([]);
      expect(browser.problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('when the paid sandbox page is opened, then its link leads to the tracking page', async () => {
    const order = await newOrder(service);
    await pay(order);
    const page = await browser.context.newPage();
    try {
      await page.goto(`${service.base}/sandbox/payments/${order.reference}`);

      await page.locator('#track').click();

      await page.waitForURL(`${service.base}/track/${order.reference}`);
      await expect.poll(() => page.locator('#state').getAttribute('data-state')).not.toBe('pending_payment');
      expect(browser.problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
