import { randomUUID } from 'node:crypto';
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/platform/store/migrate.js';
import { openPostgres } from '../../src/platform/store/postgres.js';
import { createTestDatabase, onEngine, postgres, type Engine } from '../support/engines.js';
import { CREATE_ORDER } from '../support/operations.js';
import { restBody, signTestToken, startTestService, type TestService } from '../support/service.js';

const { serviceId, ...trip } = restBody();
const graphqlInput = { input: { ...trip, serviceCode: 'TOWING' } };
/** A token of its own: allowances are per `sub`, and Redis keeps them across runs for a minute. */
const freshAuth = async () => `Bearer ${await signTestToken({ sub: `limited-${randomUUID()}` })}`;

describe('the rate limit on one instance', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => service.close());

  it('when a token spends its allowance over both faces, then the next request is 429 on either, with when to retry', async () => {
    const auth = await freshAuth();
    const first = await service.rest(restBody(), { auth });
    const second = await service.gql(CREATE_ORDER, graphqlInput, { auth });
    const third = await service.rest(restBody(), { auth });
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect(first.headers.get('ratelimit-limit')).toBe('3');
    expect([first, second, third].map((r) => r.headers.get('ratelimit-remaining'))).toEqual(['2', '1', '0']);

    const before = await service.countOrders();
    const rest = await service.rest(restBody(), { auth });
    const graphql = await service.gql(CREATE_ORDER, graphqlInput, { auth });
    expect([rest.status, rest.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect([graphql.status, graphql.body.errors[0].extensions.code]).toEqual([429, 'RATE_LIMITED']);
    for (const answer of [rest, graphql]) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(answer.headers.get('ratelimit-remaining')).toBe('0');
      expect(Number(answer.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    }
    expect(await service.countOrders()).toBe(before);
  });

  it('when another token calls, then it has an allowance of its own', async () => {
    const auth = await freshAuth();
    for (let i = 0; i < 3; i += 1) await service.rest(restBody(), { auth });
    expect((await service.rest(restBody(), { auth: await freshAuth() })).status).toBe(200);
  });

  it('when requests carry no valid token, then they are counted together (per address) and refused past it', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await service.rest(restBody(), { auth: 'Bearer not-a-token' })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('when health or the documents are asked for, then they do not count', async () => {
    for (let i = 0; i < 5; i += 1) expect((await service.call('/healthz', { auth: null })).status).toBe(200);
    expect((await service.call('/openapi.json', { auth: null })).status).toBe(200);
  });
});

describe('with RATE_LIMIT_PER_MINUTE=0', () => {
  it('when a token sends many requests, then none is refused and no RateLimit header is sent', async () => {
    const service = await startTestService({ env: { RATE_LIMIT_PER_MINUTE: '0' } });
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await service.rest(restBody()));
    await service.close();
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[0]!.headers.get('ratelimit-limit')).toBeNull();
  });
});

/** Two instances over one store, sharing their allowance through it. */
async function twoInstances(env: Record<string, string>, engine?: Engine) {
  const a = await startTestService({ env, engine });
  const b = await startTestService({ env, engine });
  return { a, b, close: () => Promise.all([a.close(), b.close()]) };
}

async function expectShared({ a, b }: { a: TestService; b: TestService }) {
  const auth = await freshAuth();
  const statuses = [];
  for (const service of [a, b, a, b]) statuses.push((await service.rest(restBody(), { auth })).status);
  expect(statuses).toEqual([200, 200, 200, 429]);
}

const REDIS = { host: '127.0.0.1', port: 6379 };
const redisSkip = await new Promise<string | null>((resolve) => {
  const socket = createConnection(REDIS, () => {
    socket.end();
    resolve(null);
  });
  socket.on('error', (error) => {
    // CI has Redis: missing there, it is a broken run, not a reason to skip.
    if (process.env.CI) throw new Error(`no Redis at 127.0.0.1:6379: ${error.message}`);
    resolve(`no Redis at 127.0.0.1:6379: ${error.message}`);
  });
});

describe.skipIf(redisSkip !== null)(`instances sharing Redis${redisSkip ? ` (skipped: ${redisSkip})` : ''}`, () => {
  it('when a token calls both, then they count one allowance, not one each', async () => {
    const pair = await twoInstances({ RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: `redis://${REDIS.host}:${REDIS.port}` });
    try {
      await expectShared(pair);
    } finally {
      await pair.close();
    }
  });
});

describe.skipIf(postgres.skip !== null)(`instances sharing PostgreSQL, ${onEngine(postgres)}`, () => {
  it('when a token calls both, then they count one allowance, not one each', async () => {
    const database = await createTestDatabase();
    const shared: Engine = {
      name: 'one database',
      skip: null,
      async open() {
        const sql = await openPostgres(database.url);
        await migrate(sql);
        return { sql, url: database.url, dispose: () => sql.close() };
      },
      openEmpty: () => Promise.reject(new Error('not used')),
    };
    const pair = await twoInstances({ RATE_LIMIT_PER_MINUTE: '3', DATABASE_URL: database.url }, shared);
    try {
      await expectShared(pair);
    } finally {
      await pair.close();
      await database.drop();
    }
  });
});
