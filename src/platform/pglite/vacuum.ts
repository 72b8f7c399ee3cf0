import { every } from '../every.js';
import type { Sql } from '../store/sql.js';

// The tables rewritten all day: timers and offers come and go with every order, operators are
// updated on every move. Small, so vacuuming them holds the engine for moments.
const CHURNING = ['order_timers', 'order_offers', 'operators', 'operator_changes', 'payment_notifications'];

export const EMBEDDED_VACUUM_EVERY_MS = 5 * 60_000;

/**
 * PGlite runs PostgreSQL as a single user, without the autovacuum launcher: the dead rows of
 * updated and deleted rows were never reclaimed, and the planner never had statistics. The
 * tables that churn are vacuumed and analysed every `everyMs`, until the returned function is
 * called. A table not there yet (an older schema) or a failure is tried again next time.
 */
export function keepVacuuming(sql: Pick<Sql, 'exec'>, everyMs = EMBEDDED_VACUUM_EVERY_MS): () => void {
  const vacuum = async () => {
    for (const table of CHURNING) await sql.exec(`vacuum (analyze) ${table}`).catch(() => undefined);
  };
  const timer = every(everyMs, vacuum, () => undefined);
  return () => clearInterval(timer);
}
