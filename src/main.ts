import cluster from 'node:cluster';
import { ConfigError } from './platform/config/settings.js';
import { loadConfig } from './service/config.js';
import { createLogger } from './platform/logger.js';
import { openStore } from './platform/store/open-store.js';

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  if (config.workers > 1 && cluster.isPrimary) return (await import('./service/workers.js')).runWorkers(config, log);
  // The embedded store opens (files read, WebAssembly compiled, off the main thread) while the
  // rest of the server's modules load, so /readyz answers sooner (see docs/design/start-up.md).
  // PostgreSQL's connection waits for them: its connect deadline is a timer of this thread, which
  // the modules' loading would hold, and an answer already there would be read after it fired.
  const early = config.databaseUrl ? null : openStore(config);
  early?.catch(() => {});
  const { serve } = await import('./service/serve.js');
  return serve(config, log, early ?? openStore(config), { quiet: cluster.isWorker });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error('Could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
