import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span } from '@opentelemetry/api';
import { inSpan } from '../tracing/tracer.js';
import type { Sql } from './sql.js';

// Long statements (a migration's) are cut here: the span names the statement, not all of it.
const STATEMENT_CHARS = 1_000;
const FIRST_WORD = /^\s*([a-z]+)/i;

/** The span's name: the statement's first word (SELECT, INSERT, WITH…), as the conventions ask. */
const operationOf = (text: string) => FIRST_WORD.exec(text)?.[1]?.toUpperCase() ?? 'SQL';

/**
 * A failed statement, by its SQLSTATE (or its error's class): the engine's message may quote a
 * value it refused, and values are never recorded.
 */
function failedStatement(span: Span, error: unknown): void {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  span.setAttribute('error.type', String(code ?? name ?? 'Error'));
  span.setStatus({ code: SpanStatusCode.ERROR });
}

function statementSpan<T>(parent: Context, text: string, run: () => Promise<T>): Promise<T> {
  const operation = operationOf(text);
  const attributes: Attributes = {
    'db.system': 'postgresql',
    'db.operation': operation,
    // The text alone: the statements take their values as parameters, which carry personal data
    // (phones, names, places) and are never recorded.
    'db.statement': text.length > STATEMENT_CHARS ? `${text.slice(0, STATEMENT_CHARS)}…` : text,
  };
  return inSpan(operation, { kind: SpanKind.CLIENT, attributes }, parent, run, failedStatement);
}

const TRANSACTION: Attributes = { 'db.system': 'postgresql', 'db.operation': 'TRANSACTION' };

/**
 * A span for every statement run within a traced request (or other traced work), a child of
 * whatever span is active; statements run outside any (timers, start-up), or within one whose
 * trace is not kept, make none. A transaction is a span of its own, with its statements beneath
 * it.
 */
export function tracedSql<S extends Sql>(sql: S): S {
  // Under a span that is not recorded (its trace not sampled), a statement's span would not be
  // either: none is made, nor its attributes, nor a context to carry it.
  const within = () => {
    const active = context.active();
    return trace.getSpan(active)?.isRecording() ? active : null;
  };
  return Object.assign(Object.create(sql) as S, {
    query: ((text, params, options) => {
      const parent = within();
      return parent ? statementSpan(parent, text, () => sql.query(text, params, options)) : sql.query(text, params, options);
    }) as Sql['query'],
    exec: (text: string) => {
      const parent = within();
      return parent ? statementSpan(parent, text, () => sql.exec(text)) : sql.exec(text);
    },
    transaction: (<T>(fn: (tx: Sql) => Promise<T>) => {
      const parent = within();
      if (!parent) return sql.transaction(fn);
      // What ends a transaction early may be its caller's refusal, quoting what it refused: told by its kind alone.
      return inSpan('TRANSACTION', { kind: SpanKind.CLIENT, attributes: TRANSACTION }, parent, () =>
        sql.transaction((tx) => fn(tracedSql(tx))), failedStatement,
      );
    }) as Sql['transaction'],
  });
}
