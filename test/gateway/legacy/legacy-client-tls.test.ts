import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLegacyClient } from '../../../src/gateway/legacy/legacy-client.js';
import { legacyOrderBody } from '../../support/fake-legacy.js';
import { CALLER, towing, track } from './arrange-client.js';

// A self-signed certificate for localhost, made for this run: nothing to keep in the repository.
let key: Buffer;
let cert: Buffer;
beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'legacy-tls-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    key = readFileSync(join(dir, 'key.pem'));
    cert = readFileSync(join(dir, 'cert.pem'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A legacy over TLS that offers HTTP/2 first and HTTP/1.1 besides, as many fronts do. */
async function startTlsLegacy() {
  const seen: Array<{ httpVersion: string; connection: number }> = [];
  const connectionOf = new WeakMap<object, number>();
  let connections = 0;
  let nextId = 1;
  const server = createSecureServer({ key, cert, allowHTTP1: true }, (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({ httpVersion: req.httpVersion, connection: connectionOf.get(req.socket) ?? 0 });
      // Every answer is held a little, so that calls made together are in flight together.
      setTimeout(() => {
        const body = JSON.stringify(legacyOrderBody(nextId++, JSON.parse(Buffer.concat(chunks).toString('utf8'))));
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
      }, 50);
    });
  });
  server.on('secureConnection', (socket) => connectionOf.set(socket, ++connections));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://localhost:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a legacy over TLS that offers HTTP/2', () => {
  let legacy: Awaited<ReturnType<typeof startTlsLegacy>>;
  beforeAll(async () => {
    legacy = await startTlsLegacy();
  });
  afterAll(() => legacy.close());

  it('when calls come together, then each goes over HTTP/1.1 on a connection of its own', async () => {
    const client = track(
      createLegacyClient({ baseUrl: legacy.url, token: null, timeoutMs: 5_000, paymentField: 'mercadoPagoReference', connect: { ca: cert } }),
    );

    const outcomes = await Promise.all([1, 2, 3].map(() => client.createOrder(towing, CALLER)));

    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['order', 'order', 'order']);
    expect(legacy.seen.map((request) => request.httpVersion)).toEqual(['1.1', '1.1', '1.1']);
    expect(new Set(legacy.seen.map((request) => request.connection)).size).toBe(3);
  });
});
