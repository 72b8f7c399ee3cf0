import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onEngine, postgres } from '../support/engines.js';
import { startServerProcess } from '../support/server-process.js';
import { restBody, SECRET, signTestToken } from '../support/service.js';

type Server = Awaited<ReturnType<typeof startServerProcess>>;

const PLAIN_CREATES = 240;
const KEYS = 40;
const SENDS_PER_KEY = 4;

describe.skipIf(postgres.skip !== null)(`two instances on one database, ${onEngine(postgres)}`, { timeout: 120_000 }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let servers: Server[] = [];
  let headers: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { DATABASE_URL: database.url, AUTH_JWT_SECRET: SECRET };
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    headers = { authorization: `Bearer ${await signTestToken()}`, 'content-type': 'application/json' };
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
  });

  async function create(server: Server, key?: string): Promise<{ status: number; id?: number; link?: string }> {
    const response = await fetch(`${server.base}/applications/orders`, {
      method: 'POST',
      headers: key ? { ...headers, 'idempotency-key': key } : headers,
      body: JSON.stringify(restBody()),
    });
    const body = await response.json();
    return { status: response.status, id: body.id, link: body.paymentProviderReference };
  }

  it('when creates and replays are spread over both, then ids are unique, each key has one order, and every acknowledged order is stored', async () => {
    const plain = Array.from({ length: PLAIN_CREATES }, (_, i) => create(servers[i % 2]!));
    const keyed = Array.from({ length: KEYS * SENDS_PER_KEY }, (_, i) => {
      const key = `multi-${i % KEYS}`;
      return create(servers[Math.floor(i / KEYS) % 2]!, key).then((answer) => ({ key, ...answer }));
    });
    const plainAnswers = await Promise.all(plain);
    const keyedAnswers = await Promise.all(keyed);

    expect(plainAnswers.every((a) => a.status === 200)).toBe(true);
    expect(keyedAnswers.every((a) => a.status === 200 || a.status === 409)).toBe(true);

    const idsByKey = new Map<string, Set<number>>();
    for (const a of keyedAnswers.filter((k) => k.status === 200)) {
      idsByKey.set(a.key, (idsByKey.get(a.key) ?? new Set()).add(a.id!));
    }
    for (const ids of idsByKey.values()) expect(ids.size).toBe(1);

    // Replays that were refused while the first ran get the first order once it is done.
    for (let k = 0; k < KEYS; k += 1) {
      const answer = await create(servers[k % 2]!, `multi-${k}`);
      expect(answer.status).toBe(200);
      const known = idsByKey.get(`multi-${k}`);
      if (known) expect([...known]).toEqual([answer.id]);
      idsByKey.set(`multi-${k}`, new Set([answer.id!]));
    }

    const acknowledged = [...plainAnswers.map((a) => a.id!), ...[...idsByKey.values()].map((ids) => [...ids][0]!)];
    expect(new Set(acknowledged).size).toBe(PLAIN_CREATES + KEYS);

    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ id: string }>('select id from orders');
    const { rows: keys } = await client.query<{ n: number }>('select count(*)::int as n from idempotency_keys where order_id is not null');
    await client.end();
    expect(rows.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual([...acknowledged].sort((a, b) => a - b));
    expect(keys[0]!.n).toBe(KEYS);
  });

  it('when an operator is written through one instance, then the other dispatches to it within seconds', async () => {
    const valparaiso = { originLatitude: -33.0472, originLongitude: -71.6127, serviceId: 2 };
    const writer = { ...headers, authorization: `Bearer ${await signTestToken({ scope: 'operators:write' })}` };
    const graphql = (query: string, variables: object) =>
      fetch(`${servers[0]!.base}/graphql`, { method: 'POST', headers: writer, body: JSON.stringify({ query, variables }) })
        .then((r) => r.json());
    const orderThroughSecond = () =>
      fetch(`${servers[1]!.base}/applications/orders`, { method: 'POST', headers, body: JSON.stringify(restBody(valparaiso)) })
        .then((r) => r.status);
    const eventually = async (status: number) => {
      const deadline = Date.now() + 15_000;
      while ((await orderThroughSecond()) !== status) {
        if (Date.now() > deadline) throw new Error(`the second instance never answered ${status}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };

    expect(await orderThroughSecond()).toBe(400);
    const upserted = await graphql(
      'mutation($input: UpsertOperatorInput!) { upsertOperator(input: $input) { __typename } }',
      { input: { id: 'valpo-1', name: 'Grúas Puerto', phone: '+56932222222', services: ['BATTERY_JUMP_START'],
        latitude: valparaiso.originLatitude, longitude: valparaiso.originLongitude, onDuty: true } },
    );
    expect(upserted.data.upsertOperator.__typename).toBe('UpsertOperatorSuccess');
    await eventually(200);

    await graphql('mutation($id: ID!) { removeOperator(id: $id) { __typename } }', { id: 'valpo-1' });
    await eventually(400);
  });
});
