import { GraphQLError, type DocumentNode, type ExecutionArgs, type ExecutionResult, type Source } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { makeExecute, mapMaybePromise, type Plugin } from 'graphql-yoga';
import type { Logger } from 'pino';

// A document is compiled on its second run: the API's clients send the same few documents again
// and again, while one sent once (an attacker's, each of them different) would pay for its
// compiling, about as costly as its validation, and keep the compiled code for nothing.
const RUNS_BEFORE_COMPILING = 1;

/** What is known of one operation of a document: how often it ran, or its compiled form. */
type Entry = { runs: number } | { compiled: CompiledQuery } | { interpreted: true };

/**
 * Runs the operations clients send again compiled to JavaScript by graphql-jit, instead of walked
 * by the interpreter: the same resolvers, answers and errors, for much less of the executor's own
 * time (see docs/performance.md). Two cases go on to the interpreter as before:
 * - variables the compiled operation refuses: the interpreter says why in graphql-js's words
 *   (which name the field at fault), which clients already read;
 * - an operation graphql-jit cannot compile (logged once; it is still answered).
 * Entries live as long as their document, which yoga's parse cache bounds.
 */
export function compiledExecution(log: Logger): Plugin {
  const entries = new WeakMap<DocumentNode, Map<string, Entry>>();

  function compiledFor(args: ExecutionArgs): CompiledQuery | undefined {
    let byName = entries.get(args.document);
    if (!byName) entries.set(args.document, (byName = new Map()));
    const name = args.operationName ?? '';
    const entry = byName.get(name) ?? { runs: 0 };
    if ('compiled' in entry) return entry.compiled;
    if ('interpreted' in entry) return undefined;
    if (entry.runs < RUNS_BEFORE_COMPILING) {
      byName.set(name, { runs: entry.runs + 1 });
      return undefined;
    }
    const compiled = compileQuery(args.schema, args.document, args.operationName ?? undefined);
    if (isCompiledQuery(compiled)) {
      byName.set(name, { compiled });
      return compiled;
    }
    log.warn({ errors: compiled.errors?.map((e) => e.message) }, 'graphql operation not compiled; interpreted');
    byName.set(name, { interpreted: true });
    return undefined;
  }

  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      const compiled = compiledFor(args);
      if (!compiled) return;
      setExecuteFn(
        makeExecute((a: ExecutionArgs) =>
          mapMaybePromise(compiled.query(a.rootValue, a.contextValue, a.variableValues), (result: ExecutionResult) => {
            // Only refused variables answer without `data`: nothing ran, and the interpreter
            // refuses them again, in its words.
            if (!('data' in result)) return executeFn(a);
            const source = a.document.loc?.source;
            if (result.errors && source) result.errors = result.errors.map((error) => located(error, source));
            return result;
          }),
        ),
      );
    },
  };
}

// Where each line of a document starts, as graphql-js counts lines.
const LINE_END = /\r\n|[\n\r]/g;

/**
 * A graphql-jit error as graphql-js makes one. graphql-jit's carry their locations alone, but yoga
 * remakes every error it answers (or masks) from the document's source and the positions in it,
 * which would leave them out.
 */
function located(error: GraphQLError, source: Source): GraphQLError {
  if (error.positions || !error.locations?.length) return error;
  const lineStarts = [0, ...Array.from(source.body.matchAll(LINE_END), (end) => end.index + end[0].length)];
  const positions = error.locations.map(({ line, column }) => (lineStarts[line - 1] ?? 0) + column - 1);
  const { path, originalError, extensions } = error;
  return new GraphQLError(error.message, { source, positions, path, originalError, extensions });
}
