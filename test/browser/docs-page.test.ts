import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkip, inBrowser, launchBrowser, type TestBrowser } from '../support/browser.js';
import { startTestService, type TestService } from '../support/service.js';

// The service starts its store (migrations, the demo roster) and the page loads a ~5 MB bundle:
// on a loaded machine that takes longer than a test's usual allowance.
const IN_BROWSER_TIMEOUT_MS = 60_000;

// Scalar's anchor for an operation: the document's first tag, the method and the path.
const CREATE_ORDER = '[id="api-1/tag/orders/POST/applications/orders"]';

/** Records, in the page, every Content-Security-Policy violation: the console may not report all. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

describe.skipIf(browserSkip !== null)(inBrowser('the REST reference in a browser, served by the service alone'), () => {
  let browser: TestBrowser;
  let service: TestService & { base: string };
  beforeAll(async () => {
    browser = await launchBrowser();
    service = (await startTestService({ listen: true })) as TestService & { base: string };
    browser.allow(service.base);
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it('when opened, then it renders the order routes, the 400 example and the bearer scheme, with every request answered by the service and none refused', async () => {
    const page = await browser.context.newPage();
    const requested: string[] = [];
    const failed: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.url()} ${response.status()}`);
    });
    const violations = await recordViolations(page);
    try {
      await page.goto(`${service.base}/docs`);
      const operation = page.locator(CREATE_ORDER);
      await operation.getByText('Create an order').first().waitFor();
      const text = await page.locator('body').innerText();

      expect(text).not.toContain('Cargando la referencia');
      for (const route of ['/applications/orders', '/applications/orders/{id}', '/applications/orders/{id}/cancel', '/applications/quotes']) {
        expect(text).toContain(route);
      }
      expect(text).toContain('No hay grueros disponibles');
      expect(text).toContain('bearerAuth');
      expect(text).toContain('Bearer Token');
      expect(text).toContain('Authorization: Bearer');
      // The sidebar's button to Scalar's hosted client is hidden.
      expect(text).not.toContain('Open API Client');

      // The 400 answer's example body, shown once its status is chosen.
      await operation.getByRole('tab', { name: /^Status:\s*400\b/ }).click();
      await expect
        .poll(() => operation.getByRole('group', { name: 'Code sample' }).allInnerTexts())
        .toContainEqual(expect.stringMatching(/"message": "No hay grueros disponibles",\s*"code": "NO_OPERATOR_AVAILABLE"/));

      expect(requested.length).toBeGreaterThan(0);
      expect(requested.filter((url) => new URL(url).origin !== service.base)).toEqual([]);
      expect(requested.map((url) => new URL(url).pathname)).toContain('/openapi.json');
      expect(failed).toEqual([]);
      expect(await violations()).toEqual([]);
      expect(browser.refused).toEqual([]);
      expect(browser.problems).toEqual([]);
    } finally {
      await page.close();
    }
  }, IN_BROWSER_TIMEOUT_MS);

  it('when its GraphiQL link is followed, then GraphiQL opens, and its link leads back to the reference', async () => {
    const page = await browser.context.newPage();
    try {
      await page.goto(`${service.base}/docs`);
      await page.locator('nav a[href="/graphql"]').click();
      await page.waitForURL(`${service.base}/graphql`);
      await page.locator('.graphiql-query-editor').waitFor();
      await page.locator('a[href="/docs"]').click();
      await page.waitForURL(`${service.base}/docs`);

      await page.locator(CREATE_ORDER).waitFor();
      expect(browser.refused).toEqual([]);
    } finally {
      await page.close();
    }
  }, IN_BROWSER_TIMEOUT_MS);
});
