import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_ORDER } from '../support/operations.js';
import { NOWHERE, restBody, signTestToken, startTestService, type TestService } from '../support/service.js';

const { serviceId, ...trip } = restBody();
const graphqlInput = (over: Record<string, unknown> = {}) => ({ input: { ...trip, serviceCode: 'TOWING', ...over } });
const scraper = async () => `Bearer ${await signTestToken({ sub: 'prometheus', scope: 'metrics:read' })}`;

/** The value of a sample line of the exposition, e.g. `orders_create_outcomes_total{code="OK"}`. */
const sample = (text: string, line: string): number => {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
};

describe('GET /metrics on the service’s port', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ env: { RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(() => service.close());

  const scrape = async () => (await service.call('/metrics', { auth: await scraper() })).text;

  it('when a token without the scope asks, then it is refused; without a token, too', async () => {
    expect((await service.call('/metrics')).status).toBe(403);
    expect((await service.call('/metrics', { auth: null })).status).toBe(401);
  });

  it('when orders are made and refused on both faces, then outcomes, requests and batches are counted', async () => {
    const before = await scrape();
    await service.rest(restBody());
    await service.gql(CREATE_ORDER, graphqlInput());
    await service.rest(restBody({ originLatitude: NOWHERE.latitude, originLongitude: NOWHERE.longitude }));
    await service.gql(CREATE_ORDER, graphqlInput({ originLatitude: NOWHERE.latitude, originLongitude: NOWHERE.longitude }));
    const after = await scrape();

    const grew = (line: string) => sample(after, line) - sample(before, line);
    expect(grew('orders_create_outcomes_total{code="OK"}')).toBe(2);
    expect(grew('orders_create_outcomes_total{code="NO_OPERATOR_AVAILABLE"}')).toBe(2);
    expect(grew('orders_http_request_duration_seconds_count{face="rest",operation="createOrder",code="OK"}')).toBe(1);
    expect(grew('orders_http_request_duration_seconds_count{face="rest",operation="createOrder",code="NO_OPERATOR_AVAILABLE"}')).toBe(1);
    expect(grew('orders_http_request_duration_seconds_count{face="graphql",operation="createOrder",code="OK"}')).toBe(2);
    expect(grew('orders_group_commit_batch_size_count{writer="orders"}')).toBe(2);
    expect(grew('orders_store_statement_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(0);
    expect(grew('orders_payment_provider_duration_seconds_count{provider="sandbox",operation="create_link",outcome="ok"}')).toBe(2);
    expect(after).toMatch(/^process_cpu_seconds_total /m);
  });

  it('when an order is cancelled through REST, then the request is counted as cancelOrder, by its outcome; a path of no route, as unknown', async () => {
    const before = await scrape();
    const { body } = await service.rest(restBody());
    await service.call(`/applications/orders/${body.id}/cancel`, { method: 'POST' });
    await service.call('/applications/orders/999999/cancel', { method: 'POST' });
    await service.call(`/applications/orders/${body.id}/refund`, { method: 'POST' });
    const after = await scrape();

    const grew = (line: string) => sample(after, line) - sample(before, line);
    expect(grew('orders_http_request_duration_seconds_count{face="rest",operation="cancelOrder",code="OK"}')).toBe(1);
    expect(grew('orders_http_request_duration_seconds_count{face="rest",operation="cancelOrder",code="ORDER_NOT_FOUND"}')).toBe(1);
    expect(grew('orders_http_request_duration_seconds_count{face="rest",operation="unknown",code="NOT_FOUND"}')).toBe(1);
  });

  it('when orders are read and quoted over REST, then each request is timed under its own operation', async () => {
    const before = await scrape();
    const { body } = await service.rest(restBody());
    await service.call(`/applications/orders/${body.id}`);
    await service.call('/applications/orders/0');
    await service.call(`/applications/orders/${body.id}/no-such-thing`);
    await service.call('/applications/quotes', { method: 'POST', body: JSON.stringify(restBody()), headers: { 'content-type': 'application/json' } });
    const after = await scrape();

    const grew = (line: string) => sample(after, line) - sample(before, line);
    const timed = (operation: string, code: string) => `orders_http_request_duration_seconds_count{face="rest",operation="${operation}",code="${code}"}`;
    expect(grew(timed('order', 'OK'))).toBe(1);
    expect(grew(timed('order', 'ORDER_NOT_FOUND'))).toBe(1);
    expect(grew(timed('unknown', 'NOT_FOUND'))).toBe(1);
    expect(grew(timed('quote', 'OK'))).toBe(1);
  });

  it('when a request is over the rate limit, then it is counted as refused', async () => {
    const limited = await startTestService({ env: { RATE_LIMIT_PER_MINUTE: '1' } });
    const auth = `Bearer ${await signTestToken({ sub: 'busy' })}`;
    await limited.rest(restBody(), { auth });
    await limited.rest(restBody(), { auth });
    const text = (await limited.call('/metrics', { auth: await scraper() })).text;
    await limited.close();
    expect(sample(text, 'orders_rate_limited_total{face="rest"}')).toBe(1);
  });
});

describe('with METRICS_PORT set', () => {
  it('when /metrics is asked on the service’s port, then it is not there', async () => {
    const service = await startTestService({ env: { METRICS_PORT: '0' } });
    const answer = await service.call('/metrics', { auth: await scraper() });
    await service.close();
    expect(answer.status).toBe(404);
  });
});
