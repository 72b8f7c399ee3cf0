import { readFileSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import type { AddressResolver } from '../../src/webhooks/domain/ports.js';
import type { Sql } from '../../src/platform/store/sql.js';
import { dnsResolver } from '../../src/webhooks/delivery/dns-resolver.js';
import type { RecordedRequest } from '../support/fakes/fake-server.js';
import { restBody, signTestToken, startTestService, type TestService, type TestServiceOptions } from '../support/service.js';

const read = (file: string) => readFileSync(new URL(`../operations/${file}`, import.meta.url), 'utf8');
const ENDPOINT_FIELDS = read('webhook-endpoint-fields.graphql');
const DELIVERY_FIELDS = read('webhook-delivery-fields.graphql');

// The operations' texts with the fragment they use; their types are in ../generated/operations.ts.
export const CREATE_WEBHOOK_ENDPOINT = read('webhooks-create.graphql') + ENDPOINT_FIELDS;
export const WEBHOOK_ENDPOINTS = read('webhooks-list.graphql') + ENDPOINT_FIELDS;
export const DELETE_WEBHOOK_ENDPOINT = read('webhooks-delete.graphql');
export const ROTATE_WEBHOOK_SECRET = read('webhooks-rotate.graphql') + ENDPOINT_FIELDS;
export const WEBHOOK_DELIVERIES = read('webhooks-deliveries.graphql') + DELIVERY_FIELDS;
export const REPLAY_WEBHOOK_DELIVERY = read('webhooks-replay.graphql') + DELIVERY_FIELDS;

/** A clock that moves only when told: retries come due when a test says so, never by waiting. */
export function fakeClock(start = Date.now()) {
  let now = start;
  return { clock: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

// The breakers keep real time (cockatiel's), which a fake clock does not move: they stay out of
// the way unless a test asks for them.
const NO_BREAKER = { consecutiveFailures: 1_000_000, halfOpenAfterMs: 1 };

/**
 * The service with webhooks to receivers on 127.0.0.1 (private addresses allowed), a short
 * deadline for receivers that never answer, no poll (the tests wake the worker and wait for it
 * to be idle), no jitter and no circuit breaker.
 */
export function startHooksService(options: TestServiceOptions = {}) {
  return startTestService(
    Object.assign({}, options, {
      env: Object.assign(
        { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true', WEBHOOKS_TIMEOUT_MS: '1000', WEBHOOKS_POLL_MS: '600000' },
        options.env,
      ),
      webhooks: Object.assign({ random: () => 0, breaker: NO_BREAKER }, options.webhooks),
    }),
  );
}

/** A DNS of names the test sets (and changes), before the system's. */
export function fakeResolver(names: Record<string, string[]>): AddressResolver {
  return { lookup: (host, deadlineMs) => (Object.hasOwn(names, host) ? Promise.resolve(names[host]!) : dnsResolver.lookup(host, deadlineMs)) };
}

/** A GraphQL answer's data; any top-level error fails the test. */
export async function gqlData<T>(service: TestService, query: string, variables: Record<string, unknown> = {}, auth?: string): Promise<T> {
  const answer = await service.gql(query, variables, auth === undefined ? {} : { auth });
  if (answer.status !== 200 || answer.body?.errors) throw new Error(`GraphQL answered ${answer.status}: ${answer.text}`);
  return answer.body.data as T;
}

export const bearer = async (sub: string) => `Bearer ${await signTestToken({ sub })}`;

/**
 * Appends an event to an order's history, as a change of the order would in its transaction:
 * the next seq of the order, the state after the change.
 */
export async function appendEvent(
  sql: Sql,
  orderId: number,
  type: string,
  state: { status: string; pendingStatus: string | null },
  at: Date,
): Promise<number> {
  const { rows } = await sql.query<{ id: string | number }>(
    `insert into order_events (order_id, seq, type, at, status, pending_status, actor)
     select $1, coalesce(max(seq), 0) + 1, $2, $3, $4, $5, 'platform' from order_events where order_id = $1
     returning id`,
    [orderId, type, at.toISOString(), state.status, state.pendingStatus],
  );
  return Number(rows[0]!.id);
}

/**
 * An order made through REST (its `created` event with it, written here where the order's insert
 * does not write it).
 */
export async function placeOrder(service: TestService, auth?: string): Promise<{ id: number; createdAt: string } & Record<string, unknown>> {
  const answer = await service.rest(restBody(), auth === undefined ? {} : { auth });
  if (answer.status !== 200) throw new Error(`createOrder answered ${answer.status}: ${answer.text}`);
  const { id, createdAt } = answer.body as { id: number; createdAt: string };
  const { rows } = await service.sql.query('select 1 from order_events where order_id = $1', [id]);
  if (rows.length === 0) await appendEvent(service.sql, id, 'created', { status: 'pending', pendingStatus: 'pending_payment' }, new Date(createdAt));
  return answer.body;
}

/** What an integrator does with a request: verify it with the standardwebhooks package; throws when it does not verify. */
export const verified = (secret: string, request: RecordedRequest) =>
  new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as {
    type: string;
    timestamp: string;
    data: { order: Record<string, unknown> };
  };

/** Deletes every endpoint, failing their pending deliveries: each test starts with none. */
export async function forgetEndpoints(sql: Sql): Promise<void> {
  await sql.query("update webhook_deliveries set status = 'failed' where status = 'pending'");
  await sql.query('update webhook_endpoints set deleted_at = now() where deleted_at is null');
}

/** Runs the worker now and waits until it has nothing in hand. */
export async function deliverNow(service: TestService): Promise<void> {
  service.webhooks.wake();
  await service.webhooks.idle();
}
