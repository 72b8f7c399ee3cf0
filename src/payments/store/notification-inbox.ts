import type { InboxEntry, NotificationInbox } from '../domain/ports.js';
import type { Sql } from '../../platform/store/sql.js';

// A repeat is the same row, due again (the payment is read again: its state may have changed),
// unless the payment was already applied: then nothing more can come of it.
const ADD = `insert into payment_notifications (provider, payment_id, received_at, due_at)
  values ($1, $2, $3, $3)
  on conflict (provider, payment_id) do update
    set due_at = excluded.due_at, deliveries = payment_notifications.deliveries + 1, attempts = 0
    where payment_notifications.outcome is null or payment_notifications.outcome not in ('applied', 'already_paid')`;

// Leased by pushing due_at past the processing time; `skip locked`: instances claiming at the
// same time take different rows.
const CLAIM = `update payment_notifications
  set due_at = $2, attempts = attempts + 1
  where id in (
    select id from payment_notifications
    where due_at <= $1
    order by due_at
    limit $3
    for update skip locked)
  returning id, provider, payment_id, deliveries, attempts, received_at`;

// Both only touch a row not received again since it was claimed: that one stays due.
const COMPLETE = 'update payment_notifications set due_at = null, outcome = $3 where id = $1 and deliveries = $2';
const RETRY = 'update payment_notifications set due_at = $3, outcome = $4 where id = $1 and deliveries = $2';

interface EntryRow {
  id: string | number;
  provider: string;
  payment_id: string;
  deliveries: number;
  attempts: number;
  received_at: Date | string;
}

export function createNotificationInbox(sql: Sql): NotificationInbox {
  return {
    async add(provider, providerPaymentId, now) {
      await sql.query(ADD, [provider, providerPaymentId, now.toISOString()]);
    },
    async claimDue(now, limit, leaseMs) {
      const { rows } = await sql.query<EntryRow>(CLAIM, [now.toISOString(), new Date(now.getTime() + leaseMs).toISOString(), limit]);
      return rows.map(
        (r): InboxEntry => ({
          id: Number(r.id),
          provider: r.provider,
          providerPaymentId: r.payment_id,
          deliveries: r.deliveries,
          attempts: r.attempts,
          receivedAt: new Date(r.received_at),
        }),
      );
    },
    async complete(entry, outcome) {
      await sql.query(COMPLETE, [entry.id, entry.deliveries, outcome]);
    },
    async retryAt(entry, at, outcome) {
      await sql.query(RETRY, [entry.id, entry.deliveries, at.toISOString(), outcome]);
    },
  };
}
