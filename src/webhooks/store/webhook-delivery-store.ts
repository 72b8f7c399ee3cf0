import type { WebhookEventType } from '../domain/event-types.js';
import type { DeliveryStatus, WebhookAttempt, WebhookDelivery, WebhookDeliveryStore } from '../domain/ports.js';
import type { Sql } from '../../platform/store/sql.js';

interface DeliveryRow {
  id: string | number;
  endpoint_id: string | number;
  webhook_id: string;
  type: string;
  order_id: string | number;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date | string;
  created_at: Date | string;
  delivered_at: Date | string | null;
}

interface AttemptRow {
  delivery_id: string | number;
  at: Date | string;
  response_status: number | null;
  error: string | null;
  duration_ms: number;
}

const COLUMNS = 'd.id, d.endpoint_id, d.webhook_id, d.type, d.order_id, d.status, d.attempts, d.next_attempt_at, d.created_at, d.delivered_at';

const LIST = `select ${COLUMNS} from webhook_deliveries d where d.endpoint_id = $1 order by d.id desc limit $2`;
const HISTORY = `select delivery_id, at, response_status, error, duration_ms from webhook_attempts
  where delivery_id = any($1::bigint[]) order by id`;
// Due now, its tries counted afresh, under the same webhook-id; a try in flight loses its lease.
const REPLAY = `update webhook_deliveries d
  set status = 'pending', next_attempt_at = $3, attempts = 0, lease = null, delivered_at = null
  from webhook_endpoints ep
  where d.id = $1 and ep.id = d.endpoint_id and ep.owner_subject = $2 and ep.deleted_at is null
  returning ${COLUMNS}`;

const attemptFromRow = (r: AttemptRow): WebhookAttempt => ({
  at: new Date(r.at),
  responseStatus: r.response_status,
  error: r.error,
  durationMs: r.duration_ms,
});

function deliveryFromRow(r: DeliveryRow, history: WebhookAttempt[]): WebhookDelivery {
  return {
    id: String(r.id),
    endpointId: String(r.endpoint_id),
    webhookId: r.webhook_id,
    type: r.type as WebhookEventType,
    orderId: Number(r.order_id),
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.status === 'pending' ? new Date(r.next_attempt_at) : null,
    createdAt: new Date(r.created_at),
    deliveredAt: r.delivered_at === null ? null : new Date(r.delivered_at),
    history,
  };
}

/** What an owner reads and replays of its endpoints' deliveries (migrations/012). */
export function createWebhookDeliveryStore(sql: Sql): WebhookDeliveryStore {
  async function withHistory(rows: DeliveryRow[]): Promise<WebhookDelivery[]> {
    if (rows.length === 0) return [];
    const attempts = await sql.query<AttemptRow>(HISTORY, [rows.map((r) => r.id)]);
    const byDelivery = new Map<string, WebhookAttempt[]>();
    for (const a of attempts.rows) {
      const key = String(a.delivery_id);
      const list = byDelivery.get(key) ?? [];
      list.push(attemptFromRow(a));
      byDelivery.set(key, list);
    }
    return rows.map((r) => deliveryFromRow(r, byDelivery.get(String(r.id)) ?? []));
  }

  return {
    async listOf(endpointId, limit) {
      return withHistory((await sql.query<DeliveryRow>(LIST, [endpointId, limit])).rows);
    },
    forgetDone: (before) =>
      sql.transaction(async (tx) => {
        const params = [before.toISOString()];
        await tx.query(`delete from webhook_attempts a using webhook_deliveries d
          where a.delivery_id = d.id and d.status <> 'pending' and d.created_at < $1`, params);
        await tx.query("delete from webhook_deliveries where status <> 'pending' and created_at < $1", params);
      }),
    async replay(id, owner, at) {
      const { rows } = await sql.query<DeliveryRow>(REPLAY, [id, owner, at.toISOString()]);
      return (await withHistory(rows))[0] ?? null;
    },
  };
}
