// The check: today's documents against the released ones, both faces, one verdict.
import type { SchemaDocuments } from './documents.js';
import type { Level, SchemaChange } from './changes.js';
import { diffGraphql } from './graphql.js';
import { diffOpenApi } from './openapi.js';

export interface CheckResult {
  changes: SchemaChange[];
  /** The changes that fail the check. */
  breaking: SchemaChange[];
  passed: boolean;
}

/** Compares today's documents with the released ones. */
export async function checkSchemas(released: SchemaDocuments, current: SchemaDocuments): Promise<CheckResult> {
  const changes = [...(await diffGraphql(released.graphql, current.graphql)), ...diffOpenApi(released.openapi, current.openapi)];
  const breaking = changes.filter((change) => change.level === 'BREAKING');
  return { changes, breaking, passed: breaking.length === 0 };
}

const ORDER: Level[] = ['BREAKING', 'DANGEROUS', 'NON_BREAKING'];

/** One line a change: its level, its face and where it is, what happened; breaking ones first. */
export function formatChange(change: SchemaChange): string {
  const note = change.note ? ` (${change.note})` : '';
  return `${change.level.padEnd(12)} ${change.face.padEnd(7)} ${change.path}: ${change.message}${note}`;
}

/** The check's report: one line a change, then the summary line. */
export function formatReport(result: CheckResult, against: string): string[] {
  const sorted = [...result.changes].sort((a, b) => ORDER.indexOf(a.level) - ORDER.indexOf(b.level));
  const count = (level: Level) => result.changes.filter((change) => change.level === level).length;
  const verdict = result.passed ? 'passed' : 'FAILED: a breaking change needs a deprecation first, or a new path (docs/versioning.md)';
  return [
    ...sorted.map(formatChange),
    `schema check against ${against}: ${count('BREAKING')} breaking, ${count('DANGEROUS')} dangerous, ${count('NON_BREAKING')} safe; ${verdict}`,
  ];
}
