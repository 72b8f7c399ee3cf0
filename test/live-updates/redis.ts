import { Redis } from 'ioredis';

/** The Redis the tests use: TEST_REDIS_URL, else one on this machine's usual port. */
export const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

async function probe(): Promise<string | null> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (error) {
    // CI has Redis: missing there, it is a broken run, not a reason to skip.
    if (process.env.CI) throw new Error(`no Redis at ${REDIS_URL}: ${(error as Error).message}`);
    return `cannot reach Redis at ${REDIS_URL}: start it there, or set TEST_REDIS_URL to one`;
  } finally {
    redis.disconnect();
  }
}

/** Why the Redis tests are skipped here; null when they run. */
export const redisSkip = await probe();

/** Cuts the connections whose name is `name` (CLIENT KILL), as a Redis restart or a network cut would. */
export async function killClients(name: string): Promise<void> {
  const admin = new Redis(REDIS_URL);
  try {
    const list = (await admin.client('LIST')) as string;
    const ids = list.split('\n').filter((line) => line.includes(` name=${name} `)).map((line) => /\bid=(\d+)/.exec(line)![1]!);
    for (const id of ids) await admin.client('KILL', 'ID', id);
  } finally {
    admin.disconnect();
  }
}
