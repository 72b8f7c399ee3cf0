import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../src/platform/store/migrate.js';
import { createOrderEvents } from '../../../src/orders/store/order-events.js';
import { createOrderStore } from '../../../src/orders/store/order-store.js';
import { openPostgres } from '../../../src/platform/store/postgres.js';
import type { NewOrder } from '../../../src/orders/domain/order.js';
import type { Sql } from '../../../src/platform/store/sql.js';
import { ENGINES, onEngine, type TestStore } from '../../support/engines.js';
import { newOrder } from '../../support/new-order.js';

const FILES = readdirSync(new URL('../../../migrations/', import.meta.url))
  .filter((f) => f.endsWith('.sql'))
  .sort();

const applied = async (sql: Sql) =>
  (await sql.query<{ version: string }>('select version from schema_migrations order by version')).rows.map((r) => r.version);

/** Inserts `order` as the service wrote it before 006: the columns of those files, no more. */
async function insertBefore006(sql: Sql, o: NewOrder) {
  const values = [
    o.ownerSubject, o.status, o.pendingStatus, o.paymentReference, o.paymentUrl, o.origin.latitude, o.origin.longitude,
    o.destination.latitude, o.destination.longitude, o.originTitle, o.destinationTitle, o.serviceCode,
    o.vehicleIdentification, o.distanceMetres, o.durationSeconds, o.amounts.total, o.amounts.partner, o.amounts.platform,
    o.currency, o.partnerDistanceMetres, o.partnerDurationSeconds, o.quotedOperatorId, o.clientName, o.clientPhone,
    o.partnerId, o.createdAt.toISOString(), o.updatedAt.toISOString(),
  ];
  const { rows } = await sql.query<{ id: string | number }>(
    `insert into orders (owner_subject, status, pending_status, payment_reference, payment_url, origin_latitude,
      origin_longitude, destination_latitude, destination_longitude, origin_title, destination_title, service_code,
      vehicle_identification, distance_m, duration_s, total_amount, partner_amount, platform_amount, currency,
      partner_distance_m, partner_duration_s, quoted_operator_id, client_name, client_phone, partner_id, created_at,
      updated_at) values (${values.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
    values,
  );
  return { id: Number(rows[0]!.id), ...o, version: 1, pausedPendingStatus: null, providerPaymentId: null, refundAmount: null, partner: null };
}

/** Instances of the service on one store: separate pools on PostgreSQL, the one connection on PGlite. */
const instances = async (store: TestStore, count: number): Promise<Sql[]> =>
  store.url ? Promise.all(Array.from({ length: count }, () => openPostgres(store.url!))) : Array(count).fill(store.sql);

for (const engine of ENGINES) {
  describe.skipIf(engine.skip !== null)(`migrations, ${onEngine(engine)}`, () => {
    it('when several instances start together on an empty database, then each file is applied exactly once', async () => {
      const store = await engine.openEmpty();
      const others = await instances(store, 3);
      try {
        const results = await Promise.all(others.map(migrate));
        expect(results.flat().sort()).toEqual(FILES);
        expect(await applied(store.sql)).toEqual(FILES);
      } finally {
        if (store.url) await Promise.all(others.map((sql) => sql.close()));
        await store.dispose();
      }
    });

    it('when a store from before payment references were uuid holds orders, then they are kept and found by them', async () => {
      const store = await engine.openEmpty();
      try {
        // The store as the files before 006 left it, recorded as migrate records them.
        const before = FILES.filter((f) => f < '006');
        await store.sql.exec('create table schema_migrations (version text primary key, applied_at timestamptz not null default now())');
        for (const file of before) {
          await store.sql.exec(readFileSync(new URL(`../../../migrations/${file}`, import.meta.url), 'utf8'));
          await store.sql.query('insert into schema_migrations (version) values ($1)', [file]);
        }
        const orders = createOrderStore(store.sql);
        const kept = await insertBefore006(store.sql, newOrder());
        const referenceType = async () =>
          (await store.sql.query<{ type: string }>(
            "select data_type as type from information_schema.columns where table_name = 'orders' and column_name = 'payment_reference'",
          )).rows[0]!.type;
        expect(await referenceType()).toBe('text');

        expect(await migrate(store.sql)).toEqual(FILES.filter((f) => f >= '006'));
        expect(await referenceType()).toBe('uuid');
        expect(await orders.findByPaymentReference(kept.paymentReference)).toEqual(kept);
        expect(await orders.findById(kept.id, kept.ownerSubject)).toEqual(kept);
        // Stored before orders had events, it has no creation event; its history still starts with its creation.
        expect(await createOrderEvents(store.sql).history(kept.id)).toEqual([
          { kind: 'created', at: kept.createdAt, status: 'pending', pendingStatus: 'pending_payment', actor: 'owner', reason: null },
        ]);
      } finally {
        await store.dispose();
      }
    });

    it('when the store is already migrated, then nothing is applied again', async () => {
      const store = await engine.openEmpty();
      try {
        expect(await migrate(store.sql)).toEqual(FILES);
        expect(await migrate(store.sql)).toEqual([]);
        expect(await applied(store.sql)).toEqual(FILES);
      } finally {
        await store.dispose();
      }
    });
  });
}
