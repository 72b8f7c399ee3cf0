import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOpenApiDocument } from '../src/reference/openapi.js';
import { REPO, startServer, type RunningServer } from './child-server.js';

// The gateways the service is compared with live here, with their configuration, installed by
// the bench itself from their own lock file: `npm ci` at the root never pulls them.
const PEERS = join(REPO, 'bench', 'peers');
const HIVE_GATEWAY = join(PEERS, 'node_modules', '@graphql-hive', 'gateway', 'dist', 'bin.js');
const MESH_COMPOSE = join(PEERS, 'node_modules', '@graphql-mesh', 'compose-cli', 'esm', 'bin.js');

/** Runs a command in bench/peers; its output is shown only when it fails. */
async function run(command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, { cwd: PEERS, env: Object.assign({}, process.env, env), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit code ${code}):\n${output}`);
}

/** Installs the peers from bench/peers/package-lock.json, unless they are there already. */
export async function installPeers() {
  if (existsSync(HIVE_GATEWAY) && existsSync(MESH_COMPOSE)) return;
  console.log('installing the peers (bench/peers)…');
  await run('npm', ['ci', '--no-audit', '--no-fund']);
}

/**
 * Hive Gateway (one process, production mode) serving the supergraph Mesh Compose makes of this
 * service's REST OpenAPI document, as GET /openapi.json serves it, its operation sent to `legacyUrl`.
 */
export async function startHiveGateway(legacyUrl: string, legacyPaymentField: string): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-hive-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  try {
    const openApi = join(dir, 'openapi.json');
    writeFileSync(openApi, JSON.stringify(createOpenApiDocument({ publicUrl: legacyUrl, legacyPaymentField })));
    const supergraph = join(dir, 'supergraph.graphql');
    await run(process.execPath, [MESH_COMPOSE, '-c', 'mesh.config.mjs', '-o', supergraph], { OPENAPI_FILE: openApi, LEGACY_URL: legacyUrl });
    const server = await startServer({
      args: [HIVE_GATEWAY, 'supergraph', supergraph],
      env: { NODE_ENV: 'production', FORK: '1' },
      readyPath: '/readiness',
    });
    return Object.assign({}, server, {
      async stop() {
        await server.stop();
        removeDir();
      },
    });
  } catch (error) {
    removeDir();
    throw error;
  }
}
