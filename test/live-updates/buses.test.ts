import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventBus, HeardNote } from '../../src/live-updates/domain/bus.js';
import { createInProcessBus } from '../../src/live-updates/bus/in-process-bus.js';
import { createPostgresBus } from '../../src/live-updates/bus/postgres-bus.js';
import { createRedisBus } from '../../src/live-updates/bus/redis-bus.js';
import { createLogger } from '../../src/platform/logger.js';
import { openPostgres } from '../../src/platform/store/postgres.js';
import type { Sql } from '../../src/platform/store/sql.js';
import { createTestDatabase, onEngine, postgres } from '../support/engines.js';
import { killClients, redisSkip, REDIS_URL } from './redis.js';

const log = createLogger('silent');

/** What one subscriber of one order hears: the seqs of its notes, `missed` when told to read again. */
function hear(bus: EventBus, orderId: number) {
  const heard: (number | 'missed')[] = [];
  const stop = bus.subscribe(orderId, (note: HeardNote | null) => heard.push(note ? note.seq : 'missed'));
  return { heard, stop };
}

const channel = () => `order_events_test_${randomBytes(4).toString('hex')}`;

describe('the in-process bus', () => {
  it('when a change is published, then the order’s subscribers hear it at once, and the others do not', () => {
    const published: string[] = [];
    const bus = createInProcessBus({ published: (type) => published.push(type) });
    const first = hear(bus, 1);
    const second = hear(bus, 1);
    const other = hear(bus, 2);

    bus.publish([{ orderId: 1, seq: 2, type: 'paid' }]);
    second.stop();
    bus.publish([{ orderId: 1, seq: 3, type: 'assigned' }]);

    expect(first.heard).toEqual([2, 3]);
    expect(second.heard).toEqual([2]);
    expect(other.heard).toEqual([]);
    expect(published).toEqual(['paid', 'assigned']);
  });

  it('when a subscriber throws, then the others are still told', () => {
    const bus = createInProcessBus();
    bus.subscribe(1, () => {
      throw new Error('a broken subscriber');
    });
    const good = hear(bus, 1);

    bus.publish([{ orderId: 1, seq: 2 }]);

    expect(good.heard).toEqual([2]);
  });
});

describe.skipIf(postgres.skip !== null)(`the PostgreSQL bus between two instances, ${onEngine(postgres)}`, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let sql: Sql;
  let buses: ReturnType<typeof createPostgresBus>[] = [];
  const missed: number[] = [];
  const name = channel();
  beforeAll(async () => {
    database = await createTestDatabase();
    sql = await openPostgres(database.url);
    const open = () => createPostgresBus({ url: database.url, channel: name, sql, log, observe: { missed: (n) => missed.push(n) } });
    buses = [open(), open()];
    await Promise.all(buses.map((b) => b.started));
  });
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    await sql?.close();
    await database?.drop();
  });

  it('when one publishes, then its own subscribers hear it once, and the other’s hear it too', async () => {
    const [a, b] = buses as EventBus[] as [EventBus, EventBus];
    const here = hear(a, 11);
    const there = hear(b, 11);

    a.publish([{ orderId: 11, seq: 2 }, { orderId: 11, seq: 3 }]);

    await expect.poll(() => there.heard).toEqual([2, 3]);
    b.publish([{ orderId: 11, seq: 4 }]);
    await expect.poll(() => here.heard).toEqual([2, 3, 4]);
    await expect.poll(() => there.heard).toEqual([2, 3, 4]);
  });

  it('when the listening connection is cut, then it listens again, its subscribers read again, and notes reach it as before', async () => {
    const [a, b] = buses as EventBus[] as [EventBus, EventBus];
    const there = hear(b, 12);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();

    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'order-events' and datname = current_database()`);
    await admin.end();

    await expect.poll(() => there.heard.includes('missed'), { timeout: 15_000 }).toBe(true);
    expect(missed.length).toBeGreaterThan(0);
    // Once both listen again, a note reaches the other instance.
    await expect
      .poll(async () => {
        a.publish([{ orderId: 12, seq: 99 }]);
        await new Promise((resolve) => setTimeout(resolve, 100));
        return there.heard.includes(99);
      }, { timeout: 15_000 })
      .toBe(true);
  });

  it('when a payload is not a note, then it is ignored', async () => {
    const [, b] = buses as EventBus[] as [EventBus, EventBus];
    const there = hear(b, 13);

    await sql.query('select pg_notify($1, $2)', [name, 'not a note']);
    await sql.query('select pg_notify($1, $2)', [name, '13:5']);

    await expect.poll(() => there.heard).toEqual([5]);
  });
});

describe.skipIf(redisSkip !== null)(`the Redis bus between two instances${redisSkip ? ` (skipped: ${redisSkip})` : ''}`, () => {
  let buses: ReturnType<typeof createRedisBus>[] = [];
  const missed: number[] = [];
  const name = channel();
  beforeAll(async () => {
    const open = () => createRedisBus({ url: REDIS_URL, channel: name, log, observe: { missed: (n) => missed.push(n) } });
    buses = [open(), open()];
    await Promise.all(buses.map((b) => b.started));
  });
  afterAll(() => Promise.all(buses.map((b) => b.close())));

  it('when one publishes, then its own subscribers hear it once, and the other’s hear it too', async () => {
    const [a, b] = buses as EventBus[] as [EventBus, EventBus];
    const here = hear(a, 21);
    const there = hear(b, 21);

    a.publish([{ orderId: 21, seq: 2 }, { orderId: 21, seq: 3 }]);

    await expect.poll(() => there.heard).toEqual([2, 3]);
    expect(here.heard).toEqual([2, 3]);
  });

  it('when the subscribed connection is killed, then it subscribes again and its subscribers read again', async () => {
    const [a, b] = buses as EventBus[] as [EventBus, EventBus];
    const there = hear(b, 22);

    await killClients(`order-events:${name}`);

    await expect.poll(() => there.heard.includes('missed'), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(async () => {
        a.publish([{ orderId: 22, seq: 99 }]);
        await new Promise((resolve) => setTimeout(resolve, 100));
        return there.heard.includes(99);
      }, { timeout: 15_000 })
      .toBe(true);
    expect(missed.length).toBeGreaterThan(0);
  });
});
