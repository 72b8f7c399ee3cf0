import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TABLE } from '../../src/error-table.js';
import { StoreUnavailableError } from '../../src/core/errors.js';
import { onEngine, postgres, postgresEngine, testServer } from '../support/engines.js';
import { restBody, startTestService, type TestService } from '../support/service.js';
import { CREATE_ORDER } from '../support/operations.js';
import { startTcpProxy } from '../support/tcp-proxy.js';

// The service reaches its database through a proxy that the tests cut and stall.
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let service: TestService;
const created: string[] = [];
const cancelled: string[] = [];

describe.skipIf(postgres.skip !== null)(`when PostgreSQL goes away, ${onEngine(postgres)}`, () => {
  beforeAll(async () => {
    proxy = await startTcpProxy(testServer());
    service = await startTestService({
      engine: postgresEngine((url) => {
        url.hostname = '127.0.0.1';
        url.port = String(proxy.port);
      }),
      payments: {
        async createPaymentLink({ reference }) {
          created.push(reference);
          return { url: `https://pay.example/${reference}` };
        },
        async cancelPaymentLink(reference) {
          cancelled.push(reference);
        },
      },
    });
  });
  afterAll(async () => {
    await service?.close();
    await proxy?.close();
  });

  it('when the server is down, then /readyz and creates answer 503 and no order is written; once it is back, both recover by themselves', async () => {
    const before = await service.countOrders();
    await proxy.cut();

    const ready = await service.call('/readyz', { auth: null });
    const refused = await service.rest(restBody());
    expect(ready.status).toBe(503);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ code: 'STORE_UNAVAILABLE', message: ERROR_TABLE.STORE_UNAVAILABLE.message });
    expect(cancelled).toEqual([created.at(-1)]);

    await proxy.restore();
    expect((await service.call('/readyz', { auth: null })).status).toBe(200);
    expect(await service.countOrders()).toBe(before);
    expect((await service.rest(restBody())).status).toBe(200);
  });

  it('when the server is down, then createOrder over GraphQL is a top-level STORE_UNAVAILABLE error with 503', async () => {
    await proxy.cut();
    const { serviceId, ...input } = restBody();
    const response = await service.gql(CREATE_ORDER, { input: { ...input, serviceCode: 'TOWING' } });
    await proxy.restore();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(response.body.errors[0]).toMatchObject({
      message: ERROR_TABLE.STORE_UNAVAILABLE.message,
      extensions: { code: 'STORE_UNAVAILABLE' },
    });
  });

  it('when the server stops answering, then /readyz gives up with 503 rather than wait, and answers 200 once it answers again', async () => {
    expect((await service.call('/readyz', { auth: null })).status).toBe(200);
    proxy.stall();
    expect((await service.call('/readyz', { auth: null })).status).toBe(503);
    await proxy.restore();
    expect((await service.call('/readyz', { auth: null })).status).toBe(200);
  });

  it('when a statement is wrong, then it fails as itself, not as an outage', async () => {
    const failure = await service.sql.query('select * from no_such_table').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(StoreUnavailableError);
  });
});
