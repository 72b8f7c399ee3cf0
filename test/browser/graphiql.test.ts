import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkip, inBrowser, launchBrowser, type TestBrowser } from '../support/browser.js';
import { signTestToken, startTestService, type TestService } from '../support/service.js';

// Monaco draws spaces as no-break spaces, one element a line, and only the lines in view.
const editorText = async (page: Page, selector: string) =>
  (await page.locator(selector).locator('visible=true').innerText()).replace(/\u00a0/g, ' ');
const shows = (page: Page, selector: string, text: string) =>
  expect.poll(() => editorText(page, selector)).toContain(text);

// Monaco starts its workers when an editor first needs one: the run is only over once all three
// kinds run, from the service's files (not Monaco's fallback onto the page's own thread).
async function workersStarted(page: Page) {
  const kinds = () => new Set(page.workers().map((w) => new URL(w.url()).pathname.split('.')[0]));
  await expect.poll(kinds).toEqual(new Set(['/graphiql/editor', '/graphiql/json', '/graphiql/graphql']));
}

/** Opens the page, shows the headers tab, runs the pre-filled operation and waits for `answer`. */
async function runExample(page: Page, origin: string, answer: string) {
  await page.goto(`${origin}/graphql`);
  await page.locator('button[data-name="headers"]').click();
  await page.locator('button.graphiql-execute-button').click();
  await expect.poll(() => page.locator('.graphiql-response').innerText()).toContain(answer);
  await workersStarted(page);
}

// Each test starts its own service (the first in a worker pays for the store's start and its
// migrations) and a page: on a loaded machine that takes longer than a test's usual allowance.
const IN_BROWSER_TIMEOUT_MS = 60_000;

const QUERY_EDITOR = '.graphiql-query-editor .view-lines';
// The variables and the headers editors share this place; one of them is shown at a time.
const TOOL_EDITOR = '.graphiql-editor-tool .view-lines';

describe.skipIf(browserSkip !== null)(inBrowser('GraphiQL in a browser, served by the service alone'), () => {
  let browser: TestBrowser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  /** The service on a port of its own, as development runs it: GraphiQL on, and maybe a token. */
  async function serviceWith(graphiqlToken?: string): Promise<TestService & { base: string }> {
    const service = await startTestService({ listen: true, graphiqlToken });
    browser.allow(service.base!);
    return service as TestService & { base: string };
  }

  it('when opened with a token, then it shows the example and the token, and running it creates an order', async () => {
    const token = await signTestToken({ sub: 'graphiql-user' });
    const service = await serviceWith(token);
    const page = await browser.context.newPage();
    try {
      const before = await service.countOrders();
      await runExample(page, service.base, 'CreateOrderSuccess');

      expect(await page.locator('#root').innerText()).not.toContain('Cargando');
      await shows(page, QUERY_EDITOR, 'mutation CreateOrder($input: CreateOrderInput!)');
      await shows(page, TOOL_EDITOR, `"Authorization": "Bearer ${token}"`);
      await page.locator('button[data-name="variables"]').click();
      await shows(page, TOOL_EDITOR, '"serviceCode": "TOWING"');
      await shows(page, '.graphiql-response', '"pendingStatus": "PENDING_PAYMENT"');
      expect(await service.countOrders()).toBe(before + 1);
      const { rows } = await service.sql.query<{ owner_subject: string }>('select owner_subject from orders order by id desc limit 1');
      expect(rows[0]!.owner_subject).toBe('graphiql-user');
      expect(browser.refused).toEqual([]);
      expect(browser.problems).toEqual([]);
    } finally {
      await page.close();
      await service.close();
    }
  }, IN_BROWSER_TIMEOUT_MS);

  it('when opened without a token, then the headers are empty and the order is refused as unauthenticated', async () => {
    const service = await serviceWith();
    const page = await browser.context.newPage();
    try {
      const before = await service.countOrders();
      await runExample(page, service.base, 'UNAUTHENTICATED');

      expect(await editorText(page, TOOL_EDITOR)).not.toContain('Authorization');
      expect(await service.countOrders()).toBe(before);
      expect(browser.refused).toEqual([]);
    } finally {
      await page.close();
      await service.close();
    }
  }, IN_BROWSER_TIMEOUT_MS);
});
