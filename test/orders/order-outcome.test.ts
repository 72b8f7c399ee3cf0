import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TABLE } from '../../src/http/error-table.js';
import { createOpenApiDocument } from '../../src/reference/openapi.js';
import { onEngine, postgres } from '../support/engines.js';
import { createOpenApiValidator } from '../support/openapi-validator.js';
import { startServiceBehindProxy } from '../support/proxied-postgres.js';
import { restBody } from '../support/service.js';

const openApi = createOpenApiValidator(createOpenApiDocument());

// The service reaches PostgreSQL through a proxy that cuts the connection when the server
// answers the orders insert: the insert is committed, and the service never hears so.
let setup: Awaited<ReturnType<typeof startServiceBehindProxy>>;
const INSERT = 'insert into orders';
const referenceOf = (url: string) => url.split('/').pop()!;

describe.skipIf(postgres.skip !== null)(`when the connection is cut as an order is committed, ${onEngine(postgres)}`, () => {
  beforeAll(async () => {
    setup = await startServiceBehindProxy({ env: { STORE_TIMEOUT_MS: '1000' } });
  });
  afterEach(() => setup.proxy.restore());
  afterAll(() => setup?.close());

  const ordersWith = async (reference: string) =>
    (await setup.service.sql.query<{ id: string }>('select id from orders where payment_reference = $1', [reference])).rows;

  it('when the store answers again at once, then the stored order is found and answered, once, with its link kept', async () => {
    const cut = setup.proxy.cutAtAnswerTo(INSERT);
    const response = await setup.service.rest(restBody());
    await cut;

    expect(response.status).toBe(200);
    const reference = referenceOf(response.body.paymentProviderReference);
    expect((await ordersWith(reference)).map((r) => Number(r.id))).toEqual([response.body.id]);
    expect(setup.cancelled).not.toContain(reference);
  });

  it('when the store stays away, then 503 ORDER_OUTCOME_UNKNOWN keeps the link, and a retry with the same key gets the order', async () => {
    const key = 'outcome-unknown-1';
    const cut = setup.proxy.cutAtAnswerTo(INSERT).then(() => setup.proxy.cut());
    const response = await setup.service.rest(restBody(), { headers: { 'idempotency-key': key } });
    await cut;

    expect(response.status).toBe(503);
    expect(response.body).toEqual({ code: 'ORDER_OUTCOME_UNKNOWN', message: ERROR_TABLE.ORDER_OUTCOME_UNKNOWN.message });
    expect(response.headers.get('retry-after')).toBe('5');
    expect(openApi.problems('POST', '/applications/orders', response)).toEqual([]);
    const reference = setup.created.at(-1)!;
    expect(setup.cancelled).not.toContain(reference);

    await setup.proxy.restore();
    const retry = await setup.service.rest(restBody(), { headers: { 'idempotency-key': key } });
    expect(retry.status).toBe(200);
    expect(referenceOf(retry.body.paymentProviderReference)).toBe(reference);
    expect(await ordersWith(reference)).toHaveLength(1);
  });

  it('when the store is down before the insert, then 503 STORE_UNAVAILABLE: nothing stored, and the link voided', async () => {
    await setup.proxy.cut();
    const response = await setup.service.rest(restBody());
    expect(response.body.code).toBe('STORE_UNAVAILABLE');
    expect(setup.cancelled).toContain(setup.created.at(-1));
  });

  it('when the store goes silent, then the create answers at its deadline instead of hanging', async () => {
    setup.proxy.stall();
    const response = await setup.service.rest(restBody());
    expect(response.status).toBe(503);
    expect(['STORE_UNAVAILABLE', 'ORDER_OUTCOME_UNKNOWN']).toContain(response.body.code);
  });
});
