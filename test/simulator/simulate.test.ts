import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoOperatorIds } from '../../scripts/simulate/demo-roster.js';
import { simulate } from '../../scripts/simulate/simulate.js';
import { configuredSigner } from '../../src/platform/tokens/configured-signer.js';
import { loadConfig } from '../../src/service/config.js';
import { freePort, startServerProcess } from '../support/server-process.js';
import { SECRET, SANTIAGO, SANTIAGO_SE } from '../support/service.js';

type Server = Awaited<ReturnType<typeof startServerProcess>>;

const dataDir = mkdtempSync(join(tmpdir(), 'orders-simulated-'));
const sign = configuredSigner(loadConfig({ AUTH_JWT_SECRET: SECRET, DATA_DIR: dataDir }));
let server: Server | null = null;
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const PROGRESS = `query Progress($id: ID!) { order(id: $id) { status pendingStatus partner { id latitude longitude } } }`;

interface Progress {
  status: string;
  pendingStatus: string | null;
  partner: { id: string; latitude: number; longitude: number } | null;
}

describe('npm run simulate', () => {
  it(
    'when orders are created and paid, then the simulated operators take them to FINISHED through the public API, reporting positions, across a restart of the service',
    async () => {
      let port = 0;
      let base = '';
      // The same port, data directory and secret at each start: the service restarted, as a newcomer's `npm start` again.
      let failure: unknown = null;
      const start = async () => {
        const started = await startServerProcess({ PUBLIC_URL: base, AUTH_JWT_SECRET: SECRET }, { dataDir, port, timeoutMs: 180_000 }).catch(
          (error: unknown) => void (failure = error),
        );
        if (!started) return null;
        // Another process may take the port between its choice and the listen, and answer /readyz
        // itself: the service says it listens on the port once it does.
        await expect.poll(() => started.child.exitCode !== null || started.output().includes(`localhost:${port}/graphql`), { timeout: 180_000 }).toBe(true);
        if (started.child.exitCode === null) return started;
        await started.stop();
        return null;
      };
      for (let tries = 0; !server && tries < 3; tries++) {
        port = await freePort();
        base = `http://127.0.0.1:${port}`;
        server = await start();
      }
      if (!server) throw failure ?? new Error('no free port kept long enough to start the service on');
      const owner = `Bearer ${await sign({ sub: 'developer', ttlSeconds: 3600 })}`;
      const create = async (body: Record<string, unknown>) => {
        const answer = await fetch(`${base}/applications/orders`, {
          method: 'POST',
          headers: { authorization: owner, 'content-type': 'application/json' },
          body: JSON.stringify({ originLatitude: SANTIAGO.latitude, originLongitude: SANTIAGO.longitude, phoneNumber: '+56912345678',
            vehicleIdentification: 'AB-12 CD', ...body }),
        });
        expect(answer.status).toBe(200);
        return (await answer.json()) as { id: number; paymentProviderReference: string };
      };
      const progress = async (id: number): Promise<Progress | null> => {
        const answer = await fetch(`${base}/graphql`, {
          method: 'POST',
          headers: { authorization: owner, 'content-type': 'application/json' },
          body: JSON.stringify({ query: PROGRESS, variables: { id: String(id) } }),
          signal: AbortSignal.timeout(5_000),
        }).then((r) => r.json() as Promise<{ data?: { order: Progress } }>, () => null);
        return answer?.data?.order ?? null;
      };

      // A tow, paid here on the sandbox's page; a battery jump-start, left to the simulator's --pay.
      const tow = await create({ serviceId: 1, destinationLatitude: SANTIAGO_SE.latitude, destinationLongitude: SANTIAGO_SE.longitude });
      const battery = await create({ serviceId: 2 });
      expect((await fetch(`${tow.paymentProviderReference}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);

      const lines: string[] = [];
      const run = await simulate({ url: base, operators: demoOperatorIds(), speed: 200, pollMs: 1000, tickMs: 500, payFor: 'developer', sign,
        log: (line) => lines.push(line) });

      // What the owner sees of the tow as it goes, polled as a frontend would, across the restart.
      const seen: Progress[] = [];
      const watch = async (id: number, until: (p: Progress) => boolean) =>
        expect.poll(async () => {
          const now = await progress(id);
          if (now && id === tow.id) seen.push(now);
          return now !== null && until(now);
        }, { timeout: 240_000, interval: 200 }).toBe(true);

      await watch(tow.id, (p) => p.pendingStatus === 'PARTNER_GOING_TO_DESTINATION');
      await server.stop();
      server = await start();
      if (!server) throw failure ?? new Error(`port ${port} was taken while the service was down`);
      await watch(tow.id, (p) => p.status === 'FINISHED');
      await watch(battery.id, (p) => p.status === 'FINISHED');
      await run.stop();

      const towing = seen.filter((p) => p.pendingStatus === 'PARTNER_GOING_TO_DESTINATION').map((p) => p.partner);
      const at = (p: { latitude: number; longitude: number } | null | undefined) => p && `${p.latitude}, ${p.longitude}`;
      const between = towing.filter((p) => p && p.latitude < SANTIAGO.latitude && p.latitude > SANTIAGO_SE.latitude);
      expect(between.length, `positions on the way: ${towing.map(at).join(' / ')}`).toBeGreaterThan(0);
      expect(at(seen.at(-1)?.partner)).toBe(at(SANTIAGO_SE));
      expect(lines).toEqual(expect.arrayContaining([
        'payer: paid order 2',
        expect.stringMatching(new RegExp(`^${seen.at(-1)?.partner?.id} accepted order 1 \\(towing, \\d+s to the car\\)$`)),
        expect.stringMatching(/ order 1 → PARTNER_GOING_TO_DESTINATION$/),
        expect.stringMatching(/ order 1 → FINISHED$/),
        expect.stringMatching(/ order 2 → FINISHED$/),
        expect.stringMatching(/^service not answering at /),
        expect.stringMatching(/^service answers again at /),
      ]));
    },
    600_000,
  );
});
