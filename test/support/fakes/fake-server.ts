import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';

export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Handler = (request: RecordedRequest, response: ServerResponse) => void;

/** Answers JSON with the status given, the way the providers do (content type and length). */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

/** A 200 whose body is not JSON: what a captive proxy or a misrouted request gives back. */
export function sendHtml(response: ServerResponse, status = 200): void {
  response.writeHead(status, { 'content-type': 'text/html' });
  response.end('<html><body>Service temporarily moved</body></html>');
}

/** Drops the connection without a word, as a crashing server does. */
export const reset = (response: ServerResponse) => response.socket?.resetAndDestroy();

/** Says nothing until the client gives up or the fake closes, as an overloaded server does. */
export const hold = (_response: ServerResponse) => {};

/**
 * An HTTP server on 127.0.0.1 with a port of its own, recording every request it reads.
 * `close` also drops kept-alive and held connections, so no test waits on them.
 */
export async function startFakeServer(handle: Handler) {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      handle(recorded, res);
    });
  });
  let connections = 0;
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** TCP connections accepted so far: kept-alive calls share one. */
    get connections() {
      return connections;
    },
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
    },
  };
}
