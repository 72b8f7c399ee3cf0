import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkip, inBrowser, launchBrowser, type TestBrowser } from '../support/browser.js';
import { GRAPHIQL_ACCEPT, GRAPHIQL_INTROSPECTION } from '../support/introspection-queries.js';
import { signTestToken, startTestService, type TestService } from '../support/service.js';

describe.skipIf(browserSkip !== null)(inBrowser('GraphiQL learning the schema, within the operation limits'), () => {
  let browser: TestBrowser;
  let service: TestService & { base: string };
  beforeAll(async () => {
    browser = await launchBrowser();
    service = (await startTestService({ listen: true, graphiqlToken: await signTestToken() })) as TestService & { base: string };
    browser.allow(service.base);
  });
  afterAll(async () => {
    await service?.close();
    await browser?.close();
  });

  it('when GraphiQL opens, then it sends the introspection the limit tests send, and gets the schema', async () => {
    const page = await browser.context.newPage();
    try {
      const asked = page.waitForRequest((r) => r.url().endsWith('/graphql') && r.method() === 'POST');
      await page.goto(`${service.base}/graphql`);
      const request = await asked;
      const response = (await request.response())!;

      expect(JSON.parse(request.postData()!)).toEqual(GRAPHIQL_INTROSPECTION);
      expect(request.headers().accept).toBe(GRAPHIQL_ACCEPT);
      expect(response.status()).toBe(200);
      const answer = await response.json();
      expect(answer.errors).toBeUndefined();
      expect(answer.data.__schema.queryType.name).toBe('Query');
    } finally {
      await page.close();
    }
  });
});
