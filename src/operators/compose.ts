import type { Logger } from 'pino';
import type { PlatformConfig } from '../platform/config/platform.js';
import { every } from '../platform/every.js';
import { createSignal } from '../platform/signal.js';
import type { Sql } from '../platform/store/sql.js';
import type { OrdersConfig } from '../orders/settings.js';
import type { Operator } from './domain/operator.js';
import { createOperatorService } from './domain/service.js';
import { createRosterSync } from './roster/roster-sync.js';
import { createSpatialRoster } from './roster/spatial-roster.js';
import { seedDemoOperators } from './seed-demo-operators.js';
import type { OperatorsConfig } from './settings.js';
import { createRosterChangeLog } from './store/roster-changes.js';
import { createOperatorStore } from './store/operator-store.js';

// A write to the roster commits within a second or two of taking its change number; one still
// unseen after this long has rolled back.
const ROSTER_GAP_TIMEOUT_MS = 30_000;

type Config = OperatorsConfig & Pick<PlatformConfig, 'databaseUrl'> & Pick<OrdersConfig, 'policy'>;

export interface OperatorsParts {
  config: Config;
  sql: Sql;
  log: Logger;
  clock: () => Date;
  /** False in gateway mode: the legacy service keeps the roster, none is seeded, loaded or followed here. */
  keptHere: boolean;
  /** Told the size of each batch of operators' moves written together, for the metrics. */
  onBatch?: (size: number) => void;
}

/**
 * The roster: the operators' store, seeded with the demo roster when empty, its spatial index
 * loaded, and (on a shared database) the other instances' writes followed from the change log.
 * Announces each operator's move (`moved`) for whoever follows operators on an order.
 */
export async function composeOperators(parts: OperatorsParts) {
  const { config, sql, log, clock, keptHere } = parts;
  const store = createOperatorStore(sql, { onBatch: parts.onBatch });
  if (config.seedDemoOperators && keptHere) {
    const seeded = await seedDemoOperators(store, clock());
    if (seeded) log.info({ seeded }, 'demo operators seeded into an empty roster');
  }
  const index = createSpatialRoster();
  // Other instances on a shared database write to the roster too: follow them from the change
  // log, starting from before the roster is read so that nothing written meanwhile is missed.
  const sync = config.databaseUrl && keptHere
    ? createRosterSync({ changes: createRosterChangeLog(sql), store, index, gapTimeoutMs: ROSTER_GAP_TIMEOUT_MS })
    : null;
  await sync?.start();
  if (keptHere) {
    await index.load(store.placements());
    log.info({ operators: index.size() }, 'roster loaded');
  }
  const moved = createSignal<[operatorId: string, position: Operator['position']]>();
  const service = createOperatorService({
    store,
    index,
    clock,
    dispatchRadiusMetres: config.policy.dispatchRadiusMetres,
    onMoved: moved.emit,
  });

  let following: NodeJS.Timeout | undefined;
  return {
    store,
    index,
    sync,
    service,
    /** An operator moved: the order it is on follows (see the service's composition). */
    moved,
    /** Forgets the change log's entries every instance has long read. */
    purge: async () => {
      await sync?.purge();
    },
    /** Follows the other instances' writes every ROSTER_SYNC_SECONDS. */
    start: () => {
      if (sync) following ??= every(config.rosterSyncMs, sync.poll, (err) => log.warn({ err }, 'following the roster failed'));
    },
    stop: () => clearInterval(following),
  };
}

export type Operators = Awaited<ReturnType<typeof composeOperators>>;
