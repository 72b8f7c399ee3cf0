import type { IncomingMessage, ServerResponse } from 'node:http';
import { RequestError } from './error-table.js';
import type { PlainRequest, PlainResponse } from './plain.js';

export function fromNode(req: IncomingMessage): PlainRequest {
  return {
    method: req.method ?? 'GET',
    header: (name) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    text: (limit) =>
      new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        let size = 0;
        req.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limit) {
            req.removeAllListeners('data');
            req.resume();
            reject(new RequestError('PAYLOAD_TOO_LARGE'));
          } else chunks.push(chunk);
        });
        req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        req.on('error', reject);
      }),
  };
}

/** Sends `r`, with `extra` headers (those every answer to the request carries) besides its own. */
export function sendNode(res: ServerResponse, r: PlainResponse, extra?: Record<string, string>): void {
  // An unread body of a refused request is not worth keeping the connection for.
  const close = r.status === 413 ? { connection: 'close' } : undefined;
  res.writeHead(r.status, Object.assign({ 'content-length': Buffer.byteLength(r.body) }, extra, r.headers, close));
  res.end(r.body);
}
