import { createServer } from 'node:http';
import { resolveAuth } from './auth/dev-secret.js';
import { signToken } from './auth/sign-token.js';
import { composeService } from './compose.js';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { openStore } from './store/open-store.js';

const DEV_TOKEN_TTL_SECONDS = 24 * 3600;

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const { secret, development } = resolveAuth(config);
  const sql = await openStore(config);
  const graphiqlToken =
    development && secret ? await signToken(secret, { sub: 'developer', ttlSeconds: DEV_TOKEN_TTL_SECONDS }) : undefined;
  const { app } = await composeService({ config, sql, log, secret, graphiqlToken });

  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info({ port, host: config.host }, 'listening');
  console.log(`GraphiQL: http://localhost:${port}/graphql`);
  if (graphiqlToken) {
    console.log(`Development token (24 h, sub "developer"), also pre-filled in GraphiQL:\n  Authorization: Bearer ${graphiqlToken}`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    server.closeIdleConnections();
    await new Promise((resolve) => server.close(resolve));
    await sql.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error('Could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
