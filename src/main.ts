import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { openStore } from './store/open-store.js';

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  if (config.workers > 1 && cluster.isPrimary) return (await import('./service/workers.js')).runWorkers(config, log);
  // The store opens (files read, WebAssembly compiled, off the main thread) while the rest of
  // the server's modules load, so /readyz answers sooner (see docs/design/start-up.md).
  const opening = openStore(config);
  opening.catch(() => {});
  const { serve } = await import('./service/serve.js');
  return serve(config, log, opening, { quiet: cluster.isWorker });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error('Could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
