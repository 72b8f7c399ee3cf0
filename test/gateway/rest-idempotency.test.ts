import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenApiDocument } from '../../src/reference/openapi.js';
import { idempotentRequest } from '../../src/http/idempotency-header.js';
import { createOpenApiValidator } from '../support/openapi-validator.js';
import { restBody, signTestToken } from '../support/service.js';
import { startGateway } from './arrange-gateway.js';

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.close());
beforeEach(() => gateway.reset());

const { problems } = createOpenApiValidator(createOpenApiDocument({ legacyPaymentField: 'mercadoPagoReference' }));

describe('Idempotency-Key in gateway mode', () => {
  const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });

  it('when a key is sent again, then the first answer comes back, byte for byte, and the legacy made one order', async () => {
    const first = await gateway.service.rest(restBody(), withKey('same-1'));
    const again = await gateway.service.rest(restBody(), withKey('same-1'));

    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.text).toBe(first.text);
    expect(gateway.fake.requests).toHaveLength(1);
  });

  it('when the first call timed out, then the key is refused with UPSTREAM_OUTCOME_UNKNOWN, even once the legacy has answered', async () => {
    gateway.fake.setMode({ kind: 'slow', delayMs: 1_500 });
    const first = await gateway.service.rest(restBody(), withKey('late-1'));
    await gateway.fake.settled();
    gateway.fake.setMode({ kind: 'ok' });

    const again = await gateway.service.rest(restBody(), withKey('late-1'));

    expect(first.status).toBe(504);
    expect([again.status, again.body.code]).toEqual([409, 'UPSTREAM_OUTCOME_UNKNOWN']);
    expect(gateway.fake.requests).toHaveLength(1);
    expect(problems('POST', '/applications/orders', again)).toEqual([]);
  });

  it('when the legacy refused the first call, then the key is free for the corrected retry', async () => {
    gateway.fake.setMode({ kind: 'no-operator' });
    const refused = await gateway.service.rest(restBody(), withKey('retry-1'));
    gateway.fake.setMode({ kind: 'ok' });

    const retried = await gateway.service.rest(restBody(), withKey('retry-1'));

    expect([refused.status, retried.status]).toEqual([400, 200]);
    expect(gateway.fake.requests).toHaveLength(2);
  });

  it('when the process that claimed a key died mid-call, then the key is refused and the legacy is not called again', async () => {
    const { fingerprint } = idempotentRequest('died-1', 'rest', restBody())!;
    await gateway.service.sql.query(
      `insert into idempotency_keys (owner_subject, key, fingerprint, claimed_at) values ('app-1', 'died-1', $1, now() - interval '1 hour')`,
      [fingerprint],
    );

    const answer = await gateway.service.rest(restBody(), withKey('died-1'));

    expect([answer.status, answer.body.code]).toEqual([409, 'UPSTREAM_OUTCOME_UNKNOWN']);
    expect(gateway.fake.requests).toEqual([]);
  });

  it('when another caller sends the same key, then it is a key of its own', async () => {
    const other = `Bearer ${await signTestToken({ sub: 'app-2' })}`;
    await gateway.service.rest(restBody(), withKey('shared-1'));

    const answer = await gateway.service.rest(restBody(), Object.assign(withKey('shared-1'), { auth: other }));

    expect(answer.status).toBe(200);
    expect(gateway.fake.requests).toHaveLength(2);
  });
});
