import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorDraft } from '../../../src/operators/domain/input.js';
import type { OperatorPlacement } from '../../../src/operators/domain/ports.js';
import { createRosterSync } from '../../../src/operators/roster/roster-sync.js';
import { openPostgres } from '../../../src/platform/store/postgres.js';
import { createOperatorStore } from '../../../src/operators/store/operator-store.js';
import { createRosterChangeLog } from '../../../src/operators/store/roster-changes.js';
import type { Sql } from '../../../src/platform/store/sql.js';
import { ENGINES, onEngine, postgres, type TestStore } from '../../support/engines.js';

const NOW = new Date('2026-11-21T12:00:00Z');
const draft = (id: string, latitude = -33.44): OperatorDraft => ({
  id, name: id, phone: '+56911111111', services: [1], position: { latitude, longitude: -70.65 }, onDuty: true,
});

/** An index that only remembers what it was told. */
function recordingIndex() {
  const known = new Map<string, OperatorPlacement>();
  return { known, put: (o: OperatorPlacement) => void known.set(o.id, o), remove: (id: string) => void known.delete(id) };
}

for (const engine of ENGINES) {
  describe.skipIf(engine.skip !== null)(`following the roster, ${onEngine(engine)}`, () => {
    let store: TestStore;
    beforeAll(async () => {
      store = await engine.open();
    });
    afterAll(() => store?.dispose());

    it('when another instance writes, moves and removes operators, then the next poll brings the index in step', async () => {
      const operators = createOperatorStore(store.sql);
      const index = recordingIndex();
      const sync = createRosterSync({ changes: createRosterChangeLog(store.sql), store: operators, index, gapTimeoutMs: 30_000 });
      await sync.start();

      await operators.upsertMany([draft('a'), draft('b')], NOW);
      await operators.move('a', { latitude: -33.5, longitude: -70.6 }, NOW);
      await sync.poll();
      expect(index.known.get('a')?.position).toEqual({ latitude: -33.5, longitude: -70.6 });
      expect(index.known.has('b')).toBe(true);

      await operators.remove('b');
      await sync.poll();
      expect(index.known.has('b')).toBe(false);
      expect(await sync.poll()).toBe(0);
    });
  });
}

describe.skipIf(postgres.skip !== null)(`changes seen out of order, ${onEngine(postgres)}`, () => {
  let store: TestStore;
  let other: Sql;
  beforeAll(async () => {
    store = await postgres.open();
    other = await openPostgres(store.url!);
  });
  afterAll(async () => {
    await other?.close();
    await store?.dispose();
  });

  /** Runs a write in a transaction that stays open until `finish` is called. */
  function openWrite(sql: Sql, write: (tx: Sql) => Promise<unknown>, outcome: 'commit' | 'rollback') {
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let written!: () => void;
    const started = new Promise<void>((resolve) => (written = resolve));
    const done = sql
      .transaction(async (tx) => {
        await write(tx);
        written();
        await held;
        if (outcome === 'rollback') throw new Error('rolled back on purpose');
      })
      .catch(() => undefined);
    return { started, finish: () => (finish(), done) };
  }

  const insert = (id: string) => (tx: Sql) =>
    tx.query(`insert into operators (id, name, phone, services, latitude, longitude, on_duty, updated_at)
      values ($1, $1, '+56911111111', '{1}', -33.44, -70.65, true, now())`, [id]);

  it('when an earlier change commits after a later one, then it is still applied', async () => {
    const index = recordingIndex();
    const sync = createRosterSync({ changes: createRosterChangeLog(store.sql), store: createOperatorStore(store.sql), index, gapTimeoutMs: 30_000 });
    await sync.start();

    const slow = openWrite(other, insert('slow'), 'commit');
    await slow.started;
    await createOperatorStore(store.sql).upsertMany([draft('fast')], NOW);
    await sync.poll();
    expect([...index.known.keys()]).toEqual(['fast']);

    await slow.finish();
    await sync.poll();
    expect([...index.known.keys()].sort()).toEqual(['fast', 'slow']);
  });

  it('when a write rolled back, then its gap is given up after the timeout and later changes flow on', async () => {
    let clock = 0;
    const index = recordingIndex();
    const sync = createRosterSync({
      changes: createRosterChangeLog(store.sql), store: createOperatorStore(store.sql), index, gapTimeoutMs: 1_000, now: () => clock,
    });
    await sync.start();

    const doomed = openWrite(other, insert('doomed'), 'rollback');
    await doomed.started;
    await doomed.finish();
    await createOperatorStore(store.sql).upsertMany([draft('after-gap')], NOW);
    expect(await sync.poll()).toBe(1);
    expect(await sync.poll()).toBe(1); // read again: the gap holds the position
    clock = 2_000;
    await sync.poll();
    expect(await sync.poll()).toBe(0);
    expect(index.known.has('after-gap')).toBe(true);
  });
});
