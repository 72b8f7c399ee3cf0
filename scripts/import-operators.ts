// npm run operators:import -- FILE [--format json|csv] [--batch-size N]: validates every operator in
// FILE, writes the valid ones to the configured store (DATA_DIR or DATABASE_URL), a transaction per
// batch, and reports the refused ones by line. Exit code 0: all imported; 2: some refused; 1: failed.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/service/config.js';
import { DEFAULT_BATCH_SIZE, formatOf, importOperators, openOperatorFile, type FileFormat } from '../src/operators/import/import-operators.js';
import { createProgressBar } from '../src/operators/import/progress-bar.js';
import { migrate } from '../src/platform/store/migrate.js';
import { openStore } from '../src/platform/store/open-store.js';
import { createOperatorStore } from '../src/operators/store/operator-store.js';

// Below this, the import is over before a bar would say anything.
const BAR_FROM_BYTES = 1 << 20;
const REFUSED_SHOWN = 100;

function options() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { format: { type: 'string' }, 'batch-size': { type: 'string' } },
  });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new Error('usage: npm run operators:import -- FILE [--format json|csv] [--batch-size N]');
  const format = (values.format ?? formatOf(file)) as FileFormat | undefined;
  if (format !== 'json' && format !== 'csv') throw new Error(`${file}: name the format with --format json or --format csv`);
  const batchSize = Number(values['batch-size'] ?? DEFAULT_BATCH_SIZE);
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error(`--batch-size ${values['batch-size']}: a positive integer`);
  return { file, format, batchSize };
}

// Batches already committed stay when a later one fails; the message says how many.
let committed = 0;

async function main(): Promise<number> {
  const { file, format, batchSize } = options();
  const source = await openOperatorFile(file, format);
  const sql = await openStore(loadConfig());
  try {
    await migrate(sql);
    const bar =
      source.size >= BAR_FROM_BYTES && process.stderr.isTTY ? createProgressBar(process.stderr, source.size, file) : null;
    const started = Date.now();
    const report = await importOperators(source.rows, {
      store: createOperatorStore(sql),
      clock: () => new Date(),
      batchSize,
      onBatch: (imported) => {
        committed = imported;
        bar?.update(source.bytesRead(), `${imported.toLocaleString('en')} operators`);
      },
    });
    bar?.finish(`${report.imported.toLocaleString('en')} operators`);

    const seconds = (Date.now() - started) / 1000;
    console.log(`${file}: ${report.imported} operators imported in ${seconds.toFixed(1)} s, ${report.rejected.length} refused`);
    for (const row of report.rejected.slice(0, REFUSED_SHOWN)) {
      console.log(`  line ${row.line}${row.field ? ` (${row.field})` : ''}: ${row.reason}`);
    }
    if (report.rejected.length > REFUSED_SHOWN) console.log(`  … and ${report.rejected.length - REFUSED_SHOWN} more`);
    return report.rejected.length > 0 ? 2 : 0;
  } finally {
    await sql.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`\nImport failed: ${error instanceof Error ? error.message : error}`);
    if (committed > 0) console.error(`${committed} operators had been imported before the failure, in whole batches`);
    process.exit(1);
  },
);
