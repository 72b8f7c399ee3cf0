import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { InvalidInputError } from '../../platform/errors.js';
import { messageOf } from '../../http/error-table.js';
import { parseOperatorDraft, type OperatorDraft } from '../domain/input.js';
import type { OperatorStore } from '../domain/ports.js';
import { csvRows } from './csv-rows.js';
import { jsonRows } from './json-rows.js';
import type { SourceRow } from './source-row.js';

export interface RejectedRow {
  line: number;
  /** The field that broke a rule; null when the line itself could not be read. */
  field: string | null;
  reason: string;
}

export interface ImportReport {
  imported: number;
  rejected: RejectedRow[];
}

export interface ImportDeps {
  store: Pick<OperatorStore, 'upsertMany'>;
  clock: () => Date;
  batchSize?: number;
  /** Called after each batch is committed. */
  onBatch?: (imported: number) => void;
}

export const DEFAULT_BATCH_SIZE = 2_000;

/**
 * Validates every row with the core's rules and writes the valid ones in batches, one transaction
 * each; a row is either written whole or refused with its line and reason. An id seen before in
 * the file is refused, naming the line that has it first: the first one stands.
 */
export async function importOperators(rows: AsyncIterable<SourceRow>, deps: ImportDeps): Promise<ImportReport> {
  const batchSize = deps.batchSize ?? DEFAULT_BATCH_SIZE;
  const firstLineOf = new Map<string, number>();
  const rejected: RejectedRow[] = [];
  let batch: OperatorDraft[] = [];
  let imported = 0;

  async function flush() {
    if (batch.length === 0) return;
    await deps.store.upsertMany(batch, deps.clock());
    imported += batch.length;
    batch = [];
    deps.onBatch?.(imported);
  }

  for await (const row of rows) {
    if ('broken' in row) {
      rejected.push({ line: row.line, field: null, reason: row.broken });
      continue;
    }
    let draft: OperatorDraft;
    try {
      draft = parseOperatorDraft(row.record);
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      rejected.push({ line: row.line, field: error.field, reason: messageOf(error) });
      continue;
    }
    const first = firstLineOf.get(draft.id);
    if (first !== undefined) {
      rejected.push({ line: row.line, field: 'id', reason: `El operador ${draft.id} ya aparece en la línea ${first}` });
      continue;
    }
    firstLineOf.set(draft.id, row.line);
    batch.push(draft);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return { imported, rejected };
}

export type FileFormat = 'json' | 'csv';

export function formatOf(path: string): FileFormat | undefined {
  const extension = extname(path).toLowerCase();
  return extension === '.json' ? 'json' : extension === '.csv' ? 'csv' : undefined;
}

/** The rows of a JSON or CSV file, read as a stream, and how far the reading has got. */
export async function openOperatorFile(path: string, format: FileFormat) {
  const { size } = await stat(path);
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
  const rows = format === 'json' ? jsonRows(stream) : csvRows(stream);
  return { rows, size, bytesRead: () => stream.bytesRead };
}
