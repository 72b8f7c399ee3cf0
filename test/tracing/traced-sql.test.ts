import { context, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tracedSql } from '../../src/store/traced-sql.js';
import { inSpan } from '../../src/tracing/tracer.js';
import { ENGINES, onEngine, type TestStore } from '../support/engines.js';
import { startRecording, type Recording } from './recording.js';

let recording: Recording;
beforeAll(async () => {
  recording = await startRecording();
});
beforeEach(() => recording.reset());
afterAll(() => recording?.shutdown());

/** Runs `work` as a request would: within a span of its own. */
const withinRequest = <T>(work: () => Promise<T>) => inSpan('request', { kind: SpanKind.SERVER }, context.active(), work);

for (const engine of ENGINES) {
  describe.skipIf(engine.skip !== null)(`store statements, traced, ${onEngine(engine)}`, () => {
    let store: TestStore;
    beforeAll(async () => {
      store = await engine.open();
    });
    afterAll(() => store?.dispose());

    it('when a statement runs within a span, then it is a span beneath it, with its text and not its values', async () => {
      const sql = tracedSql(store.sql);

      await withinRequest(() => sql.query('select $1::text as phone', ['+56987654321']));

      const seen = await recording.seen();
      const [statement] = seen.childrenOf(seen.named('request')[0]!);
      expect(statement!.name).toBe('SELECT');
      expect(statement!.kind).toBe(SpanKind.CLIENT);
      expect(statement!.attributes).toEqual({ 'db.system': 'postgresql', 'db.operation': 'SELECT', 'db.statement': 'select $1::text as phone' });
    });

    it('when a transaction runs within a span, then its statements are beneath its own span', async () => {
      const sql = tracedSql(store.sql);

      await withinRequest(() => sql.transaction(async (tx) => {
        await tx.query('select 1');
        await tx.query('select 2');
      }));

      const seen = await recording.seen();
      const [transaction] = seen.named('TRANSACTION');
      expect(seen.childrenOf(transaction!).map((span) => span.attributes['db.statement'])).toEqual(['select 1', 'select 2']);
    });

    it('when a statement fails, then its span names its SQLSTATE, never the message that quotes the value', async () => {
      const sql = tracedSql(store.sql);

      await expect(withinRequest(() => sql.query('select $1::int', ['56987654321x']))).rejects.toThrow();

      const [statement] = (await recording.seen()).named('SELECT');
      expect(statement!.status.code).toBe(SpanStatusCode.ERROR);
      expect(statement!.attributes['error.type']).toMatch(/^22[0-9A-Z]{3}$/);
      expect(JSON.stringify([statement!.attributes, statement!.events, statement!.status])).not.toMatch(/987654321/);
    });

    it('when a statement runs outside any span (a timer, the start), then it makes none', async () => {
      const sql = tracedSql(store.sql);

      await sql.query('select 1');
      await sql.transaction((tx) => tx.query('select 1'));

      expect((await recording.seen()).all).toEqual([]);
    });

    it('when a statement is long, then its text is cut', async () => {
      const sql = tracedSql(store.sql);
      const long = `select 1 ${'-- padding\n'.repeat(200)}`;

      await withinRequest(() => sql.exec(long));

      const [statement] = (await recording.seen()).named('SELECT');
      expect(String(statement!.attributes['db.statement']).length).toBeLessThan(1_010);
    });
  });
}
