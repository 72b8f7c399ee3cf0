import type { WebhookEventType } from '../domain/event-types.js';
import type { ClaimedDelivery, DeliveryQueue } from '../domain/ports.js';
import type { Sql } from '../../platform/store/sql.js';

// Due deliveries, the longest due first, each leased: its due time moved past the try's deadline
// and a lease of its own set. `skip locked`: instances claiming at once take different rows. A
// delivery waits while an earlier event of its order is pending for the same endpoint (claimed
// elsewhere and in flight, or waiting for its retry), so that each endpoint gets an order's
// events in their order. No more are taken for an endpoint than this instance has room for
// ($5, less the tries in flight given by $4 and $6).
const CLAIM = `with due as (
    select d.id, d.next_attempt_at,
      row_number() over (partition by d.endpoint_id order by d.next_attempt_at, d.id) as nth,
      $5::int - coalesce(busy.tries, 0) as room
    from webhook_deliveries d
    join webhook_endpoints ep on ep.id = d.endpoint_id and ep.deleted_at is null
    left join unnest($4::bigint[], $6::int[]) as busy(endpoint_id, tries) on busy.endpoint_id = d.endpoint_id
    where d.status = 'pending' and d.next_attempt_at <= $1
      and not exists (
        select 1 from webhook_deliveries e
        where e.endpoint_id = d.endpoint_id and e.order_id = d.order_id and e.status = 'pending' and e.event_id < d.event_id)),
  taken as (
    select d.id from webhook_deliveries d
    join due on due.id = d.id and due.nth <= due.room
    -- Asked again of the row as it is once locked: one claimed and committed by another
    -- instance since this statement's snapshot is no longer due, and is left alone.
    where d.status = 'pending' and d.next_attempt_at <= $1
    order by due.next_attempt_at, d.id
    limit $3
    for update of d skip locked)
  update webhook_deliveries d set next_attempt_at = $2, lease = gen_random_uuid()
  from taken, webhook_endpoints ep, order_events ev, orders o
  where d.id = taken.id and ep.id = d.endpoint_id and ev.id = d.event_id and o.id = d.order_id
  returning d.id, d.webhook_id, d.type, d.attempts, d.lease,
    ep.id as endpoint_id, ep.url, ep.secret, ep.previous_secret, ep.previous_secret_until,
    ev.order_id, o.owner_subject, ev.at, ev.status as event_status, ev.pending_status`;

const ATTEMPT = `insert into webhook_attempts (delivery_id, at, response_status, error, duration_ms) values ($1, $2, $3, $4, $5)`;
const SETTLE = `update webhook_deliveries
  set status = $3, attempts = attempts + $4, next_attempt_at = coalesce($5, next_attempt_at), lease = null,
    last_status = $6, last_error = $7, delivered_at = case when $3 = 'delivered' then $8::timestamptz end
  where id = $1 and lease = $2`;
const POSTPONE = 'update webhook_deliveries set next_attempt_at = $3, lease = null where id = $1 and lease = $2';

interface ClaimRow {
  id: string | number;
  webhook_id: string;
  type: string;
  attempts: number;
  lease: string;
  endpoint_id: string | number;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | string | null;
  order_id: string | number;
  owner_subject: string;
  at: Date | string;
  event_status: string;
  pending_status: string | null;
}

const claimedFromRow = (r: ClaimRow): ClaimedDelivery => ({
  id: String(r.id),
  webhookId: r.webhook_id,
  type: r.type as WebhookEventType,
  attempts: r.attempts,
  lease: r.lease,
  endpoint: {
    id: String(r.endpoint_id),
    url: r.url,
    secret: r.secret,
    previousSecret: r.previous_secret,
    previousSecretUntil: r.previous_secret_until === null ? null : new Date(r.previous_secret_until),
  },
  event: { orderId: Number(r.order_id), ownerSubject: r.owner_subject, at: new Date(r.at), status: r.event_status, pendingStatus: r.pending_status },
});

/** The delivery worker's side of webhook_deliveries (migrations/012). */
export function createWebhookQueue(sql: Sql): DeliveryQueue {
  return {
    async claim(now, leaseUntil, limit, { perEndpoint, inFlight }) {
      const busy = [...inFlight];
      const { rows } = await sql.query<ClaimRow>(CLAIM, [
        now.toISOString(),
        leaseUntil.toISOString(),
        limit,
        busy.map(([endpoint]) => endpoint),
        perEndpoint,
        busy.map(([, tries]) => tries),
      ]);
      // The statement returns them in no particular order.
      return rows.map(claimedFromRow).sort((a, b) => Number(a.id) - Number(b.id));
    },
    // The try is kept whatever happened since; what follows it only while the lease is its own.
    record: (delivery, attempt, next) =>
      sql.transaction(async (tx) => {
        const at = attempt.at.toISOString();
        await tx.query(ATTEMPT, [delivery.id, at, attempt.responseStatus, attempt.error, attempt.durationMs]);
        const failed = next.status !== 'delivered';
        const due = next.status === 'pending' ? next.at.toISOString() : null;
        await tx.query(SETTLE, [delivery.id, delivery.lease, next.status, failed ? 1 : 0, due, attempt.responseStatus, attempt.error, at]);
      }),
    async postpone(delivery, at) {
      await sql.query(POSTPONE, [delivery.id, delivery.lease, at.toISOString()]);
    },
    async pendingCount() {
      const { rows } = await sql.query<{ n: number }>("select count(*)::int as n from webhook_deliveries where status = 'pending'");
      return rows[0]!.n;
    },
  };
}
