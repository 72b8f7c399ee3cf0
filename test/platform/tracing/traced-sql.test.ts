import { context, SpanKind, SpanStatusCode, trace, TraceFlags } from '@opentelemetry/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tracedSql } from '../../../src/platform/store/traced-sql.js';
import { inSpan } from '../../../src/platform/tracing/tracer.js';
import { ENGINES, onEngine, type TestStore } from '../../support/engines.js';
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

    it('when a statement runs within a span whose trace is not sampled, then it makes no span of its own', async () => {
      const unsampled = trace.wrapSpanContext({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: TraceFlags.NONE });
      const activeWhenRun: (string | undefined)[] = [];
      // What span is active when the store runs the statement: the request's, or one made for the statement.
      const watched = Object.assign(Object.create(store.sql) as typeof store.sql, {
        query: (text: string, params?: unknown[]) => {
          activeWhenRun.push(trace.getSpan(context.active())?.spanContext().spanId);
          return store.sql.query(text, params);
        },
      });
      const sql = tracedSql(watched);

      await context.with(trace.setSpan(context.active(), unsampled), () => sql.query('select 1'));
      let request: string | undefined;
      await withinRequest(() => {
        request = trace.getSpan(context.active())?.spanContext().spanId;
        return sql.query('select 2');
      });

      // Unsampled: the statement ran under the request's span itself. Sampled: under its own.
      expect(activeWhenRun[0]).toBe('b7ad6b7169203331');
      expect(activeWhenRun[1]).toBeDefined();
      expect(activeWhenRun[1]).not.toBe(request);
      expect((await recording.seen()).named('SELECT').map((span) => span.attributes['db.statement'])).toEqual(['select 2']);
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
