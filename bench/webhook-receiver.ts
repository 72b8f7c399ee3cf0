import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A delivery as the receiver took it: when, its id, and what its body says. */
export interface Arrival {
  arrivedMs: number;
  webhookId: string;
  type: string;
  /** The body's `timestamp`: when the change happened, epoch ms. */
  changedMs: number;
}

export interface Receiver {
  url: string;
  /** The certificate the service must trust (NODE_EXTRA_CA_CERTS). */
  caFile: string;
  arrivals: Arrival[];
  close(): Promise<void>;
}

/**
 * An integrator's endpoint on loopback, over https as production requires of endpoints, with a
 * certificate of its own made here (openssl) for 127.0.0.1: it reads each delivery whole, notes
 * it and answers 204.
 */
export async function startReceiver(): Promise<Receiver> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-webhooks-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  process.on('exit', remove);
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-keyout', key, '-out', cert, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
  ], { stdio: 'ignore' });
  const arrivals: Arrival[] = [];
  const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const arrivedMs = Date.now();
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string; timestamp: string };
        arrivals.push({ arrivedMs, webhookId: String(req.headers['webhook-id']), type: body.type, changedMs: Date.parse(body.timestamp) });
      } catch {
        // Not a delivery: counted nowhere, answered all the same.
      }
      res.writeHead(204).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `https://127.0.0.1:${port}/hooks`,
    caFile: cert,
    arrivals,
    async close() {
      server.closeAllConnections();
      server.close();
      remove();
    },
  };
}
