import { importOperators, openOperatorFile } from './import/import-operators.js';
import { fromRoot } from '../platform/paths.js';
import type { SqlOperatorStore } from './store/operator-store.js';

const DEMO_ROSTER = fromRoot('seed', 'demo-operators.json');

/**
 * Seeds the demo operators around Santiago de Chile into an empty roster, through the same import
 * as `npm run operators:import`. Returns how many.
 */
export async function seedDemoOperators(store: Pick<SqlOperatorStore, 'count' | 'upsertMany'>, now: Date): Promise<number> {
  if ((await store.count()) > 0) return 0;
  const { rows } = await openOperatorFile(DEMO_ROSTER, 'json');
  const report = await importOperators(rows, { store, clock: () => now });
  const [first] = report.rejected;
  if (first) throw new Error(`seed/demo-operators.json, line ${first.line}: ${first.reason}`);
  return report.imported;
}
