import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepVacuuming } from '../../../src/platform/pglite/vacuum.js';
import { pglite, type TestStore } from '../../support/engines.js';

let store: TestStore;
beforeAll(async () => {
  store = await pglite.open();
});
afterAll(() => store?.dispose());

describe('the embedded store’s vacuum', () => {
  it('when it runs, then the churning tables are vacuumed and analysed', async () => {
    await store.sql.query(`insert into operators (id, name, phone, services, latitude, longitude) values ('op-1', 'A', '+56911111111', '{1}', 0, 0)`);
    await store.sql.query(`update operators set latitude = 1 where id = 'op-1'`);

    const stop = keepVacuuming(store.sql, 10);
    await expect.poll(async () => {
      const { rows } = await store.sql.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_user_tables where relname = 'operators' and last_vacuum is not null and last_analyze is not null`,
      );
      return rows[0]!.n;
    }, { timeout: 10_000 }).toBe(1);
    stop();
  });
});
