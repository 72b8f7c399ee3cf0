import { parse, print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkip, inBrowser, launchBrowser, type TestBrowser } from '../support/browser.js';
import { signTestToken, startTestService, type TestService } from '../support/service.js';
import { markedFences, readText } from './markdown.js';

const graphqlExamples = markedFences(readText('README.md'), 'readme-example').filter(({ fence }) => fence.lang === 'graphql');

describe.skipIf(browserSkip !== null)(inBrowser("the README's GraphQL examples, pasted whole into GraphiQL"), () => {
  let browser: TestBrowser;
  let service: TestService & { base: string };
  beforeAll(async () => {
    browser = await launchBrowser();
    // As in development: GraphiQL opens with the development token in its headers.
    service = (await startTestService({ listen: true, graphiqlToken: await signTestToken({ sub: 'developer' }) })) as TestService & { base: string };
    browser.allow(service.base);
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.base });
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it.each(graphqlExamples.map(({ name, fence }) => [name, fence.text] as const))(
    'when the example "%s" replaces the editor\'s text and is run, then GraphiQL sends it and the service answers it',
    async (_, text) => {
      const page = await browser.context.newPage();
      try {
        await page.goto(`${service.base}/graphql`);
        await page.locator('.graphiql-query-editor .view-lines').click();
        await page.evaluate((pasted) => navigator.clipboard.writeText(pasted), text);
        await page.keyboard.press('Control+A');
        await page.keyboard.press('Control+V');
        const answered = page.waitForResponse((r) => r.url().endsWith('/graphql') && r.request().method() === 'POST');
        await page.locator('button.graphiql-execute-button').click();
        const response = await answered;

        const sent = response.request().postDataJSON() as { query: string };
        expect(print(parse(sent.query))).toBe(print(parse(text)));
        const body = (await response.json()) as { data?: Record<string, { __typename?: string }>; errors?: unknown };
        expect(body.errors).toBeUndefined();
        expect(Object.values(body.data ?? {}).map((field) => field.__typename ?? 'answered')).not.toContainEqual(expect.stringMatching(/Error$/));
        expect(browser.problems).toEqual([]);
      } finally {
        await page.close();
      }
    },
    60_000,
  );
});
