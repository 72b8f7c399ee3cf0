import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/service.js';

// The example client as a frontend team would start from it, run against the service in
// production with the repository's manifest: every document it sends goes by id, or is refused.
const root = fileURLToPath(new URL('../../', import.meta.url));
const MANIFEST = `${root}examples/gql/persisted-documents.json`;
const run = promisify(execFile);

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ listen: true, env: { NODE_ENV: 'production', GRAPHQL_TRUSTED_DOCUMENTS: MANIFEST } });
}, 60_000);
afterAll(() => service?.close());

describe('examples/order-tracker', () => {
  it('when it runs against a service that takes documents by id only, then it creates an order and follows it over SSE', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx/esm', 'examples/order-tracker/main.ts', '--events', '1', '--timeout-ms', '15000'], {
      cwd: root,
      env: { ...process.env, SERVICE_URL: service.base!, TOKEN: service.token },
      timeout: 30_000,
    });
    const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, any>);

    expect(lines).toHaveLength(2);
    const [{ created }, { updated }] = lines as [{ created: any }, { updated: any }];
    expect(created).toMatchObject({ status: 'PENDING', pendingStatus: 'PENDING_PAYMENT', currency: 'CLP' });
    expect(updated).toMatchObject({ id: created.id, status: 'PENDING', pendingStatus: 'PENDING_PAYMENT' });
    expect(await service.countOrders()).toBe(1);
  }, 40_000);
});
