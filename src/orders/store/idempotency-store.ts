import type { Claim, IdempotencyStore } from '../domain/idempotency.js';
import type { Sql } from '../../platform/store/sql.js';

export interface IdempotencyLimits {
  /** A claim with no order after this long belongs to a request that died: it may be taken over. */
  staleAfterMs: number;
  /** Keys are forgotten after this long, orders or not. */
  keepForMs: number;
}

// One statement claims a new key, takes over a stale claim, or a key past its keeping time;
// anything else leaves the row as it is, and returns nothing.
const CLAIM = `insert into idempotency_keys (owner_subject, key, fingerprint, claimed_at)
  values ($1, $2, $3, $4)
  on conflict (owner_subject, key) do update
    set fingerprint = excluded.fingerprint, claimed_at = excluded.claimed_at, order_id = null
    where (idempotency_keys.order_id is null and idempotency_keys.claimed_at < $5)
       or idempotency_keys.claimed_at < $6
  returning 1`;

export function createIdempotencyStore(sql: Sql, limits: IdempotencyLimits): IdempotencyStore & {
  purge(now: Date): Promise<number>;
} {
  const before = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();
  return {
    async claim(owner, key, fingerprint, now): Promise<Claim> {
      const claimed = await sql.query(CLAIM, [
        owner, key, fingerprint, now.toISOString(), before(now, limits.staleAfterMs), before(now, limits.keepForMs),
      ]);
      if (claimed.rows.length > 0) return { kind: 'claimed' };
      const { rows } = await sql.query<{ fingerprint: string; order_id: string | number | null }>(
        'select fingerprint, order_id from idempotency_keys where owner_subject = $1 and key = $2',
        [owner, key],
      );
      const held = rows[0];
      if (held && held.fingerprint !== fingerprint) return { kind: 'reused' };
      if (held?.order_id != null) return { kind: 'done', orderId: Number(held.order_id) };
      // Held by a request still running (or released a moment ago: the client may retry).
      return { kind: 'in-use' };
    },
    async release(owner, key) {
      await sql.query('delete from idempotency_keys where owner_subject = $1 and key = $2 and order_id is null', [
        owner,
        key,
      ]);
    },
    async purge(now) {
      const { rows } = await sql.query('delete from idempotency_keys where claimed_at < $1 returning 1', [
        before(now, limits.keepForMs),
      ]);
      return rows.length;
    },
  };
}
