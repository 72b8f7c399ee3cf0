import type { WebhookEventType } from '../domain/event-types.js';
import type { WebhookEndpoint, WebhookEndpointStore } from '../domain/ports.js';
import type { Sql } from '../../platform/store/sql.js';
import { LIVE_ENDPOINTS } from './webhook-outbox.js';

interface EndpointRow {
  id: string | number;
  owner_subject: string;
  url: string;
  events: string[] | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | string | null;
  created_at: Date | string;
}

const COLUMNS = 'id, owner_subject, url, events, secret, previous_secret, previous_secret_until, created_at';

export const endpointFromRow = (r: EndpointRow): WebhookEndpoint => ({
  id: String(r.id),
  ownerSubject: r.owner_subject,
  url: r.url,
  events: r.events as WebhookEventType[] | null,
  secret: r.secret,
  previousSecret: r.previous_secret,
  previousSecretUntil: r.previous_secret_until === null ? null : new Date(r.previous_secret_until),
  createdAt: new Date(r.created_at),
});

// The count and the insert are one statement; two registrations racing past the limit at once
// can exceed it by one, which the limit (a bound on fan-out, not a quota) allows. The first
// endpoint, when none other is registered, moves the fan-out's cursor past every event there is
// and forgets its gaps, in the same statement: while there was no endpoint the fan-out left the
// cursor where it was (webhook-outbox.ts), and an endpoint takes only the events of changes that
// commit after it is registered. A registration racing the removal of the last other endpoint may
// still see that one and leave the cursor: the new endpoint then also gets the events of the
// moments between the two, which is harmless.
const INSERT = `with first as (
    select not ${LIVE_ENDPOINTS} as alone),
  inserted as (
    insert into webhook_endpoints (owner_subject, url, events, secret, created_at)
    select $1, $2, $3::text[], $4, $5
    where (select count(*) from webhook_endpoints where owner_subject = $1 and deleted_at is null) < $6
    returning ${COLUMNS}),
  moved as (
    update webhook_fanout f set seen_id = greatest(f.seen_id, n.newest), through_id = greatest(f.seen_id, n.newest)
    from (select coalesce(max(id), 0) as newest from order_events) n
    where (select alone from first) and exists (select 1 from inserted)),
  forgotten as (
    delete from webhook_fanout_gaps where (select alone from first) and exists (select 1 from inserted))
  select * from inserted`;

// Its pending deliveries fail with it: nothing will be sent to a deleted endpoint.
const REMOVE = `with removed as (
    update webhook_endpoints set deleted_at = $3
    where id = $1 and owner_subject = $2 and deleted_at is null
    returning id),
  dropped as (
    update webhook_deliveries d set status = 'failed', last_error = 'endpoint deleted', lease = null
    from removed where d.endpoint_id = removed.id and d.status = 'pending')
  select id from removed`;

const ROTATE = `update webhook_endpoints
  set previous_secret = secret, previous_secret_until = $4, secret = $3
  where id = $1 and owner_subject = $2 and deleted_at is null
  returning ${COLUMNS}`;

export function createWebhookEndpointStore(sql: Sql): WebhookEndpointStore {
  return {
    async insert(e, limit) {
      const params = [e.ownerSubject, e.url, e.events, e.secret, e.createdAt.toISOString(), limit];
      const { rows } = await sql.query<EndpointRow>(INSERT, params);
      return rows[0] ? endpointFromRow(rows[0]) : null;
    },
    async listOf(owner) {
      const { rows } = await sql.query<EndpointRow>(
        `select ${COLUMNS} from webhook_endpoints where owner_subject = $1 and deleted_at is null order by id`,
        [owner],
      );
      return rows.map(endpointFromRow);
    },
    async remove(id, owner, at) {
      const { rows } = await sql.query(REMOVE, [id, owner, at.toISOString()]);
      return rows.length > 0;
    },
    async rotate(id, owner, secret, previousUntil) {
      const { rows } = await sql.query<EndpointRow>(ROTATE, [id, owner, secret, previousUntil.toISOString()]);
      return rows[0] ? endpointFromRow(rows[0]) : null;
    },
  };
}
