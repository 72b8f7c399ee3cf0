import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_ORDER } from '../support/operations.js';
import { logLines, startServerProcess } from '../support/server-process.js';
import { orderInput, SECRET, signTestToken } from '../support/service.js';

// Run from source, the service loads graphql-jit (CommonJS) beside its own ES modules. A loader
// that compiled graphql again for graphql-jit's require() would leave graphql-jit a graphql of its
// own: every operation still answered, by the interpreter, with a warning (see
// test/support/server-process.ts).
describe('the service run from source', () => {
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  beforeAll(async () => {
    server = await startServerProcess({ AUTH_JWT_SECRET: SECRET });
  });
  afterAll(() => server?.stop());

  it('when a client sends the same createOrder again, then it is compiled, on both GraphQL paths, with no warning', async () => {
    const authorization = `Bearer ${await signTestToken()}`;
    const body = JSON.stringify({ query: CREATE_ORDER, variables: { input: orderInput() } });
    // Without an Origin the service's own POST path answers; with one, yoga's (see fast-post.ts).
    for (const origin of [undefined, 'https://elsewhere.test']) {
      for (let run = 0; run < 3; run++) {
        const headers: Record<string, string> = { authorization, 'content-type': 'application/json', ...(origin ? { origin } : {}) };
        const response = await fetch(`${server.base}/graphql`, { method: 'POST', headers, body });
        const answer = (await response.json()) as { data?: { createOrder?: { __typename: string } } };
        expect(answer.data?.createOrder?.__typename).toBe('CreateOrderSuccess');
      }
    }
    expect(logLines(server.output()).filter((line) => line.level >= 40)).toEqual([]);
  });
});
