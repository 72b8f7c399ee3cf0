import type { RosterChange, RosterChangeLog } from '../domain/ports.js';
import type { Sql } from '../../platform/store/sql.js';

/** The roster's change log (migrations/004_operator_changes.sql), written by triggers on `operators`. */
export function createRosterChangeLog(sql: Sql): RosterChangeLog {
  return {
    async latest() {
      const { rows } = await sql.query<{ seq: string | number }>('select coalesce(max(seq), 0) as seq from operator_changes');
      return Number(rows[0]!.seq);
    },
    async after(seq, limit): Promise<RosterChange[]> {
      const { rows } = await sql.query<{ seq: string | number; operator_id: string }>(
        'select seq, operator_id from operator_changes where seq > $1 order by seq limit $2',
        [seq, limit],
      );
      return rows.map((r) => ({ seq: Number(r.seq), operatorId: r.operator_id }));
    },
    async forgetOlderThan(ageMs) {
      await sql.query("delete from operator_changes where changed_at < now() - $1 * interval '1 millisecond'", [ageMs]);
    },
  };
}
