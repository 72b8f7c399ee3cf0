import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorLog } from './error-table.js';
import type { createAdmission } from './admission.js';
import type { PlainResponse } from './plain.js';
import { RateLimitedError } from './rate-limit.js';
import { answerError, refuse } from './responses.js';

/** Answers an upgrade request it will not take, as plain HTTP, and closes the connection. */
export function refuseUpgrade(socket: Duplex, answer: PlainResponse): void {
  const body = Buffer.from(answer.body);
  const headers = Object.assign({}, answer.headers, { 'content-length': String(body.length), connection: 'close' });
  const head = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`, ...Object.entries(headers).map(([n, v]) => `${n}: ${v}`)];
  if (socket.writable) socket.end(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), body]));
  else socket.destroy();
}

export interface UpgradeDeps {
  /** Takes over an admitted upgrade of `/graphql`; absent when WebSocket is not served. */
  upgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  admit: ReturnType<typeof createAdmission>;
  log: ErrorLog;
}

/**
 * WebSocket upgrades: of `/graphql` only, admitted as any API request (counted per token, or per
 * address without one: a browser's WebSocket sends no Authorization), then the GraphQL face's.
 * Anything else is answered on the socket and closed.
 */
export function createUpgradeHandler({ upgrade, admit, log }: UpgradeDeps) {
  return async function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const path = req.url === '/graphql' ? req.url : new URL(req.url ?? '/', 'http://service').pathname;
    if (path !== '/graphql' || !upgrade) return refuseUpgrade(socket, refuse('NOT_FOUND'));
    const header = (name: string) => req.headers[name] as string | undefined;
    const admitted = admit({ method: 'GET', header, address: req.socket.remoteAddress, api: true });
    const admission = admitted instanceof Promise ? await admitted : admitted;
    if ('early' in admission) {
      const { early } = admission;
      return refuseUpgrade(socket, early instanceof RateLimitedError ? answerError(early, log) : early);
    }
    upgrade(req, socket, head);
  };
}
