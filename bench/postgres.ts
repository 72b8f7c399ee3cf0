import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startServer, type RunningServer } from './child-server.js';
import { serviceArgs, serviceDir } from './service.js';

/** Runs a statement on the server DATABASE_URL names, outside any database of the bench's. */
async function onServer(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * The service (serviceArgs) with WORKERS=`workers` on a database of its own, created on the server
 * that `serverUrl` names and dropped when the service stops.
 */
export async function startOnPostgres(serverUrl: string, env: Record<string, string>, workers: number): Promise<RunningServer> {
  const name = `orders_bench_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
  try {
    const server = await startServer({
      args: serviceArgs(),
      cwd: serviceDir(),
      env: { LOG_LEVEL: 'warn', ...env, DATABASE_URL: url.href, WORKERS: String(workers) },
    });
    return {
      ...server,
      async stop() {
        await server.stop();
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}
