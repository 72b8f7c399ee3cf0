import { StoreUnavailableError } from '../../platform/errors.js';
import { encodeArrays } from '../../platform/store/binary-arrays.js';
import type { Sql } from '../../platform/store/sql.js';
import type { StatementOutcomeUnknownError } from '../../platform/store/statement-outcome.js';

const STORED = 'select id, payment_reference from orders where payment_reference = any($1::uuid[])';
const RETRY_EVERY_MS = 250;

/**
 * After an insert of orders failed with its outcome unknown: the ids of those of `references`
 * that were stored, asked once the store answers again and the session that ran the insert has
 * ended (so that the answer cannot change), until `withinMs` has passed. Null when it could not
 * be found out in time.
 */
export async function storedOrderIds(
  sql: Sql,
  references: readonly string[],
  failure: StatementOutcomeUnknownError,
  withinMs: number,
): Promise<Map<string, number> | null> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      if (failure.session) await sql.settle?.(failure.session);
      const { rows } = await sql.query<{ id: string | number; payment_reference: string }>(
        STORED,
        encodeArrays([{ type: 'uuid', values: references }]),
      );
      return new Map(rows.map((r) => [r.payment_reference, Number(r.id)]));
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      if (Date.now() + RETRY_EVERY_MS >= deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
    }
  }
}
