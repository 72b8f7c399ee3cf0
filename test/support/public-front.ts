import { createServer, type IncomingMessage } from 'node:http';

export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * What PUBLIC_URL points at in production (a load balancer, a TLS terminator), on loopback: a
 * port of its own that hands every request to `target`, set once the service behind it has
 * started. Payers' browsers and providers' notifications reach the service through it, so a
 * test can set PUBLIC_URL before the service exists.
 */
export async function startPublicFront() {
  let target: FetchHandler | null = null;
  const server = createServer(async (req, res) => {
    try {
      if (!target) throw new Error('no service behind the front yet');
      const answer = await target(toRequest(req, await body(req)));
      const headers: Record<string, string> = {};
      answer.headers.forEach((value, name) => (headers[name] = value));
      const bytes = Buffer.from(await answer.arrayBuffer());
      res.writeHead(answer.status, headers).end(bytes);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    /** Where requests go from now on. */
    forwardTo(handler: FetchHandler) {
      target = handler;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type PublicFront = Awaited<ReturnType<typeof startPublicFront>>;

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function toRequest(req: IncomingMessage, bytes: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && name !== 'host' && name !== 'connection') headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const method = req.method ?? 'GET';
  return new Request(`http://${req.headers.host}${req.url}`, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(bytes),
    redirect: 'manual',
  });
}
