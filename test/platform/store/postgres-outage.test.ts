import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TABLE } from '../../../src/http/error-table.js';
import { StoreUnavailableError } from '../../../src/platform/errors.js';
import { onEngine, postgres } from '../../support/engines.js';
import { CREATE_ORDER } from '../../support/operations.js';
import { startServiceBehindProxy } from '../../support/proxied-postgres.js';
import { restBody } from '../../support/service.js';

// The service reaches its database through a proxy that the tests cut and stall.
let setup: Awaited<ReturnType<typeof startServiceBehindProxy>>;

describe.skipIf(postgres.skip !== null)(`when PostgreSQL goes away, ${onEngine(postgres)}`, () => {
  beforeAll(async () => {
    setup = await startServiceBehindProxy();
  });
  afterAll(() => setup?.close());

  it('when the server is down, then /readyz and creates answer 503 and no order is written; once it is back, both recover by themselves', async () => {
    const before = await setup.service.countOrders();
    await setup.proxy.cut();

    const ready = await setup.service.call('/readyz', { auth: null });
    const refused = await setup.service.rest(restBody());
    expect(ready.status).toBe(503);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ code: 'STORE_UNAVAILABLE', message: ERROR_TABLE.STORE_UNAVAILABLE.message });
    expect(setup.cancelled).toEqual([setup.created.at(-1)]);

    await setup.proxy.restore();
    expect((await setup.service.call('/readyz', { auth: null })).status).toBe(200);
    expect(await setup.service.countOrders()).toBe(before);
    expect((await setup.service.rest(restBody())).status).toBe(200);
  });

  it('when the server is down, then createOrder over GraphQL is a top-level STORE_UNAVAILABLE error with 503', async () => {
    await setup.proxy.cut();
    const { serviceId, ...input } = restBody();
    const response = await setup.service.gql(CREATE_ORDER, { input: { ...input, serviceCode: 'TOWING' } });
    await setup.proxy.restore();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(response.body.errors[0]).toMatchObject({
      message: ERROR_TABLE.STORE_UNAVAILABLE.message,
      extensions: { code: 'STORE_UNAVAILABLE' },
    });
  });

  it('when the server stops answering, then /readyz gives up with 503 rather than wait, and answers 200 once it answers again', async () => {
    expect((await setup.service.call('/readyz', { auth: null })).status).toBe(200);
    setup.proxy.stall();
    expect((await setup.service.call('/readyz', { auth: null })).status).toBe(503);
    await setup.proxy.restore();
    expect((await setup.service.call('/readyz', { auth: null })).status).toBe(200);
  });

  it('when a statement is wrong, then it fails as itself, not as an outage', async () => {
    const failure = await setup.service.sql.query('select * from no_such_table').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(StoreUnavailableError);
  });
});
