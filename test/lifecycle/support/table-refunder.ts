import type { Refunder } from '../../../src/payments/domain/refunds.js';
import type { Sql } from '../../../src/platform/store/sql.js';

/** The provider's ledger, kept in the test's database so that every process sees the same one. */
export const PROVIDER_LEDGER = `create table if not exists provider_refunds (
  idempotency_key text primary key, amount bigint not null, calls integer not null default 1)`;

/**
 * A payment provider whose refunds outlive the processes that ask for them: one per idempotency
 * key, each call counted. `hang`: the refund is made but its answer never comes, as when the
 * asking instance dies before it hears back.
 */
export function tableRefunder(sql: Sql, { hang = false, onHang = () => {} } = {}): Refunder {
  return {
    async refundPayment(request) {
      const { rows } = await sql.query<{ amount: string | number }>(
        `insert into provider_refunds (idempotency_key, amount) values ($1, $2)
          on conflict (idempotency_key) do update set calls = provider_refunds.calls + 1 returning amount`,
        [request.idempotencyKey, request.amount],
      );
      if (Number(rows[0]!.amount) !== request.amount) throw new Error(`key ${request.idempotencyKey} reused for another amount`);
      if (hang) {
        onHang();
        await new Promise<never>(() => {});
      }
    },
  };
}
