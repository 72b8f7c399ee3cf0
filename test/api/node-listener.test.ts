import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_ORDER } from '../support/operations.js';
import { restBody, startTestService, type TestService } from '../support/service.js';

// The server's own listener: REST straight on node:http, /graphql through yoga.
let service: TestService;
let server: Server;
let base: string;

beforeAll(async () => {
  service = await startTestService();
  server = createServer(service.app.handleNode);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await service.close();
});

const headers = () => ({ authorization: `Bearer ${service.token}`, 'content-type': 'application/json' });

/** A POST whose body is sent in chunks with no Content-Length. */
function postChunked(path: string, chunks: string[]): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method: 'POST', headers: headers() }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('the node:http listener', () => {
  it('when an order is posted, then it answers like the fetch handler does', async () => {
    const response = await fetch(`${base}/applications/orders`, { method: 'POST', headers: headers(), body: JSON.stringify(restBody()) });
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(body).toMatchObject({ status: 'pending', vehicleIdentification: 'AB12CD' });
  });

  it('when a body without Content-Length grows past the limit, then it answers 413', async () => {
    const big = JSON.stringify(restBody({ clientName: 'x'.repeat(20_000) }));
    const response = await postChunked('/applications/orders', big.match(/.{1,4096}/g)!);
    expect([response.status, response.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('when a chunked body is within the limit, then it is read whole', async () => {
    const body = JSON.stringify(restBody());
    const response = await postChunked('/applications/orders', [body.slice(0, 50), body.slice(50)]);
    expect(response.status).toBe(200);
  });

  it('when a token is missing, then 401 carries WWW-Authenticate: Bearer', async () => {
    const response = await fetch(`${base}/applications/orders`, { method: 'POST', body: '{}' });
    expect([response.status, response.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
  });

  it('when GraphQL is asked, then yoga answers on the same listener', async () => {
    const { serviceId, ...input } = restBody();
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ query: CREATE_ORDER, variables: { input: { ...input, serviceCode: 'TOWING' } } }),
    });
    expect((await response.json()).data.createOrder.__typename).toBe('CreateOrderSuccess');
  });

  it.each([
    ['broken JSON', '{"query": ', 400],
    ['an empty body', '', 400],
    ['a JSON number', '42', 400],
    ['an empty object', '{}', 200],
  ])('when GraphQL gets %s, then yoga answers it as it always does', async (_, body, status) => {
    const response = await fetch(`${base}/graphql`, { method: 'POST', headers: headers(), body });
    const answer = await response.json();
    expect(response.status).toBe(status);
    expect(answer.errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('when a GraphQL body without Content-Length grows past the limit, then it answers 413', async () => {
    const query = JSON.stringify({ query: `{ __typename ${' '.repeat(20_000)} }` });
    const response = await postChunked('/graphql', query.match(/.{1,4096}/gs)!);
    expect([response.status, response.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });
});
