import { UpstreamOutcomeUnknownError } from '../domain/errors.js';
import type { OutcomeLedger } from '../domain/ports.js';
import type { Claim, IdempotencyStore } from '../../orders/domain/idempotency.js';
import type { Sql } from '../../platform/store/sql.js';

export interface GatewayKeyLimits {
  /**
   * A claim with no order after this long is past any legacy call of ours (its deadline, then
   * keeping the order): its outcome is unknown, its process having died mid-call.
   */
  unsettledAfterMs: number;
  /** Keys are forgotten after this long, orders or not. */
  keepForMs: number;
}

// A claim is taken over only once the key is past its keeping time, never because it is stale:
// in native mode a stale claim means no order was made; here it may mean a legacy order was.
const CLAIM = `insert into idempotency_keys (owner_subject, key, fingerprint, claimed_at)
  values ($1, $2, $3, $4)
  on conflict (owner_subject, key) do update
    set fingerprint = excluded.fingerprint, claimed_at = excluded.claimed_at, order_id = null,
      gateway_order_id = null, outcome_unknown = false
    where idempotency_keys.claimed_at < $5
  returning 1`;

const HELD = `select fingerprint, order_id, gateway_order_id, outcome_unknown or claimed_at < $3 as unknown
  from idempotency_keys where owner_subject = $1 and key = $2`;

// What release may delete: a claim bound to no order, whose call is known to have made none.
const RELEASE = `delete from idempotency_keys where owner_subject = $1 and key = $2
  and order_id is null and gateway_order_id is null and not outcome_unknown`;

// Keys whose mark could not be written, kept from release until the claim is older than
// unsettledAfterMs and so refused anyway. Bounded: a store down for long marks nothing else.
const MAX_UNWRITTEN_MARKS = 10_000;

interface HeldRow {
  fingerprint: string;
  order_id: string | number | null;
  gateway_order_id: string | number | null;
  unknown: boolean;
}

/**
 * The Idempotency-Keys of gateway mode, in the table of native mode (idempotency_keys): a key is
 * claimed in the store before the legacy is called, so the claim outlives the process.
 */
export function createGatewayIdempotencyStore(sql: Sql, limits: GatewayKeyLimits): IdempotencyStore & OutcomeLedger & {
  purge(now: Date): Promise<number>;
} {
  const before = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();
  const unwritten = new Set<string>();
  const id = (owner: string, key: string) => JSON.stringify([owner, key]);

  return {
    async claim(owner, key, fingerprint, now): Promise<Claim> {
      const claimed = await sql.query(CLAIM, [owner, key, fingerprint, now.toISOString(), before(now, limits.keepForMs)]);
      if (claimed.rows.length > 0) return { kind: 'claimed' };
      const { rows } = await sql.query<HeldRow>(HELD, [owner, key, before(now, limits.unsettledAfterMs)]);
      const held = rows[0];
      if (!held) return { kind: 'in-use' };
      // A key bound in native mode names an order of the other table: another request's.
      if (held.fingerprint !== fingerprint || held.order_id != null) return { kind: 'reused' };
      if (held.gateway_order_id != null) return { kind: 'done', orderId: Number(held.gateway_order_id) };
      if (held.unknown) throw new UpstreamOutcomeUnknownError();
      return { kind: 'in-use' };
    },
    async release(owner, key) {
      if (unwritten.delete(id(owner, key))) return;
      await sql.query(RELEASE, [owner, key]);
    },
    async markOutcomeUnknown(owner, key) {
      try {
        await sql.query('update idempotency_keys set outcome_unknown = true where owner_subject = $1 and key = $2', [owner, key]);
      } catch {
        if (unwritten.size >= MAX_UNWRITTEN_MARKS) unwritten.delete(unwritten.values().next().value!);
        unwritten.add(id(owner, key));
      }
    },
    async purge(now) {
      const { rows } = await sql.query('delete from idempotency_keys where claimed_at < $1 returning 1', [
        before(now, limits.keepForMs),
      ]);
      return rows.length;
    },
  };
}
