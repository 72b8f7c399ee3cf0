import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_ORDER } from '../support/operations.js';
import { restBody, signTestToken, startTestService, type TestService } from '../support/service.js';

let service: TestService;
let n = 0;
const freshKey = () => `key-${Date.now()}-${++n}`;
const withKey = (key: string) => ({ headers: { 'content-type': 'application/json', 'idempotency-key': key } });

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

describe('Idempotency-Key on POST /applications/orders', () => {
  it('when the same request is retried, then the first answer comes back and nothing new is made', async () => {
    const key = freshKey();
    const before = await service.countOrders();
    const first = await service.rest(restBody(), withKey(key));
    const retry = await service.rest(restBody(), withKey(key));

    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await service.countOrders()).toBe(before + 1);
  });

  it('when the same key comes with another body, then it answers 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const key = freshKey();
    await service.rest(restBody(), withKey(key));
    const other = await service.rest(restBody({ serviceId: 3 }), withKey(key));
    expect([other.status, other.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('when a retry arrives while the first is still running, then it answers 409 IDEMPOTENCY_KEY_IN_USE', async () => {
    const key = freshKey();
    const answers = await Promise.all([service.rest(restBody(), withKey(key)), service.rest(restBody(), withKey(key))]);
    const statuses = answers.map((a) => a.status).sort();
    // The second either saw the first still running, or already done.
    expect([[200, 409], [200, 200]]).toContainEqual(statuses);
    if (statuses[1] === 409) expect(answers.find((a) => a.status === 409)!.body.code).toBe('IDEMPOTENCY_KEY_IN_USE');
    else expect(answers[0]!.body.id).toBe(answers[1]!.body.id);
  });

  it('when another token uses the same key, then it makes an order of its own', async () => {
    const key = freshKey();
    const mine = await service.rest(restBody(), withKey(key));
    const auth = `Bearer ${await signTestToken({ sub: 'another-app' })}`;
    const theirs = await service.rest(restBody(), { ...withKey(key), auth });
    expect(theirs.status).toBe(200);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('when the first request was invalid, then the key is free for the corrected one', async () => {
    const key = freshKey();
    const refused = await service.rest(restBody({ phoneNumber: '123' }), withKey(key));
    const corrected = await service.rest(restBody(), withKey(key));
    expect([refused.status, corrected.status]).toEqual([400, 200]);
  });

  it('when the key is longer than 255 characters, then it is invalid input naming the header', async () => {
    const refused = await service.rest(restBody(), withKey('k'.repeat(256)));
    expect([refused.status, refused.body.code, refused.body.field]).toEqual([400, 'INVALID_INPUT', 'Idempotency-Key']);
  });
});

describe('Idempotency-Key on the createOrder mutation', () => {
  const { serviceId, ...rest } = restBody();
  const input = { ...rest, serviceCode: 'TOWING' };
  const mutate = (key: string, variables: Record<string, unknown> = { input }) =>
    service.call('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ query: CREATE_ORDER, variables }),
    });

  it('when the same mutation is retried, then the same order comes back', async () => {
    const key = freshKey();
    const before = await service.countOrders();
    const first = await mutate(key);
    const retry = await mutate(key);
    expect(retry.body).toEqual(first.body);
    expect(first.body.data.createOrder.__typename).toBe('CreateOrderSuccess');
    expect(await service.countOrders()).toBe(before + 1);
  });

  it('when the key comes with other variables, then it is a top-level IDEMPOTENCY_KEY_REUSED error with 422', async () => {
    const key = freshKey();
    await mutate(key);
    const other = await mutate(key, { input: { ...input, serviceCode: 'TYRE_CHANGE' } });
    expect(other.status).toBe(422);
    expect(other.body.errors[0].extensions.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('when REST used the key first, then the mutation with that key is a different request', async () => {
    const key = freshKey();
    await service.rest(restBody(), withKey(key));
    expect((await mutate(key)).body.errors[0].extensions.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});
