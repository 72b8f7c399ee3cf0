import { Kind, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { OperationNote } from '../http/observation.js';

/** A note to fill, in the context of an operation the router observes. */
export const noteOf = (context: object): OperationNote | undefined =>
  (context as { note?: OperationNote }).note ?? (context as { req?: { note?: OperationNote } }).req?.note;

// Documents are parsed once and kept (yoga's cache): so are their labels.
const labels = new WeakMap<DocumentNode, Map<string, string>>();

/** The root fields the operation asks for, each once, in order. */
function label(document: DocumentNode, name: string | null | undefined): string {
  let byName = labels.get(document);
  if (!byName) labels.set(document, (byName = new Map()));
  let found = byName.get(name ?? '');
  if (found === undefined) byName.set(name ?? '', (found = rootFields(document, name)));
  return found;
}

function rootFields(document: DocumentNode, name: string | null | undefined): string {
  const operation = document.definitions.find(
    (d) => d.kind === Kind.OPERATION_DEFINITION && (!name || d.name?.value === name),
  );
  if (operation?.kind !== Kind.OPERATION_DEFINITION) return 'unknown';
  const fields = new Set(operation.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : [])));
  return [...fields].sort().join(',') || 'unknown';
}

/**
 * Writes each operation's name and first error code into its note. It runs at execution, which
 * both the fast POST path and yoga's own run.
 */
export const noteOperations: Plugin = {
  onExecute({ args }) {
    const note = noteOf(args.contextValue as object);
    if (!note) return;
    note.operation = label(args.document, args.operationName);
    return {
      onExecuteDone({ result }) {
        const errors = 'errors' in result ? result.errors : undefined;
        if (errors?.length) note.code = String(errors[0]!.extensions?.code ?? 'ERROR');
      },
    };
  },
};
