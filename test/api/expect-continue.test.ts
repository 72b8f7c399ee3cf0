import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_ORDER } from '../support/operations.js';
import { orderInput, restBody, startTestService, type TestService } from '../support/service.js';

// A client may declare its body and wait for `100 Continue` before sending it
// (`Expect: 100-continue`, as curl does for a megabyte or more). Through the production listener.
let service: TestService;

beforeAll(async () => {
  service = await startTestService({ listen: true, env: { MAX_BODY_BYTES: '4096' } });
});
afterAll(async () => {
  await service.close();
});

interface Exchange {
  /** Whether the service said 100 Continue (and the body was then sent). */
  continued: boolean;
  status: number;
  connection: string | undefined;
  body: any;
}

/** A POST that sends its body only once told to continue, as a careful client does. */
function postExpecting(path: string, body: string): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    let continued = false;
    const req = httpRequest(
      `${service.base}${path}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${service.token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          expect: '100-continue',
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ continued, status: res.statusCode!, connection: res.headers.connection, body: JSON.parse(text) }));
      },
    );
    req.on('continue', () => {
      continued = true;
      req.end(body);
    });
    req.on('error', reject);
  });
}

const tooLarge = (text: string) => JSON.stringify(restBody({ clientName: text.repeat(5_000) }));

describe('Expect: 100-continue', () => {
  it('when a declared body is within the limit, then the service says continue and answers it', async () => {
    const answer = await postExpecting('/applications/orders', JSON.stringify(restBody()));
    expect([answer.continued, answer.status]).toEqual([true, 200]);
  });

  it('when a declared body is past the limit, then 413 comes before any of it is sent, and the connection closes', async () => {
    const answer = await postExpecting('/applications/orders', tooLarge('x'));
    expect(answer).toMatchObject({ continued: false, status: 413, connection: 'close', body: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(await service.countOrders()).toBe(1);
  });

  it('when a GraphQL body is past the limit, then 413 comes likewise', async () => {
    const body = JSON.stringify({ query: CREATE_ORDER, variables: { input: orderInput({ clientName: 'x'.repeat(5_000) }) } });
    const answer = await postExpecting('/graphql', body);
    expect(answer).toMatchObject({ continued: false, status: 413, connection: 'close', body: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('when a body past the limit is refused for another reason first, then that answer closes the connection too', async () => {
    // Not sent, the body cannot be told apart from the connection's next request.
    const answer = await postExpecting('/nowhere', tooLarge('y'));
    expect(answer).toMatchObject({ continued: false, status: 404, connection: 'close' });
  });
});
