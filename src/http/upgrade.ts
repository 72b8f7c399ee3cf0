import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { PlainResponse } from './plain.js';

/** Answers an upgrade request it will not take, as plain HTTP, and closes the connection. */
export function refuseUpgrade(socket: Duplex, answer: PlainResponse): void {
  const body = Buffer.from(answer.body);
  const headers = { ...answer.headers, 'content-length': String(body.length), connection: 'close' };
  const head = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`, ...Object.entries(headers).map(([n, v]) => `${n}: ${v}`)];
  if (socket.writable) socket.end(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), body]));
  else socket.destroy();
}
