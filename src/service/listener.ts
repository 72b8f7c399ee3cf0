import { createServer, ServerResponse, type OutgoingHttpHeader, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../config.js';
import type { App } from '../http/router.js';
import type { Sql } from '../store/sql.js';

type HeadFields = OutgoingHttpHeaders | OutgoingHttpHeader[];

export interface Listener extends Server {
  /**
   * Stops taking connections and ends the open ones as their requests are done: from now on every
   * answer says `Connection: close` (node ends its connection after it), and idle connections
   * are closed at once and whenever one falls idle. Resolves once every connection has ended;
   * those still open after `timeoutMs` are cut, and `cut` says so.
   */
  closeGracefully(timeoutMs: number): Promise<{ cut: boolean }>;
}

/**
 * The node:http server of the service, with its deadlines; not yet listening. WebSocket upgrades
 * go to the app, and at the close its open streams and sockets are ended first (see App.endStreams).
 * `maxBodyBytes` is the bodies' limit (MAX_BODY_BYTES): a client that waits to be told to send
 * its body is not told to send one past it.
 */
export function createListener(
  app: Pick<App, 'handleNode'> & Partial<Pick<App, 'handleUpgrade' | 'endStreams'>>,
  sql: Pick<Sql, 'deliverArrived'>,
  timeouts: Config['timeouts'],
  maxBodyBytes = Infinity,
): Listener {
  const { headersMs, requestMs, keepAliveMs } = timeouts;
  let closing = false;

  // A client may send requests without waiting for the answers (pipelining): node answers them in
  // turn, and drops those still queued once the connection ends. So an answer queued, or with
  // others queued behind it, leaves its connection open, to be closed once it falls idle. By
  // connection, the last answer queued.
  const lastQueued = new WeakMap<Socket, ServerResponse>();

  // Every answer's head passes through writeHead (node's implicit head too, and yoga's): the one
  // place where an answer to a request already in flight when the close began still learns of it.
  class Response extends ServerResponse {
    override writeHead(statusCode: number, statusMessage?: string, headers?: HeadFields): this;
    override writeHead(statusCode: number, headers?: HeadFields): this;
    override writeHead(statusCode: number, ...rest: [(string | HeadFields)?, HeadFields?]): this {
      if (closing && !this.headersSent && !this.answersFollow()) this.setHeader('connection', 'close');
      return super.writeHead(statusCode, ...(rest as [string?, HeadFields?]));
    }

    /** Whether this answer is queued, or others are queued behind it. */
    private answersFollow(): boolean {
      if (!this.socket) return true;
      const last = lastQueued.get(this.socket);
      return last !== undefined && last !== this && !last.writableFinished;
    }

    // node calls this once the answer is sent. While closing, a connection whose answer did not
    // close it (its head went out before the close began, or answers followed) may now be idle.
    override detachSocket(socket: Socket): void {
      super.detachSocket(socket);
      if (closing && this.getHeader('connection') !== 'close') setImmediate(closeIdleConnections);
    }
  }

  const server = createServer(
    {
      // A client that sends half a request (slowloris) is cut off; node looks for such
      // connections every connectionsCheckingInterval, which must be well under the timeouts.
      headersTimeout: headersMs,
      requestTimeout: requestMs,
      keepAliveTimeout: keepAliveMs,
      connectionsCheckingInterval: Math.min(1_000, headersMs / 2),
      ServerResponse: Response,
    },
    // Each request first takes the store's answers that have arrived (see Sql.deliverArrived):
    // under load, node reads many requests in one turn of its event loop, and a batch of orders
    // whose answer waited behind them held both its callers and the next batch back.
    (req, res) => {
      // Without a connection of its own yet, the answer waits behind another.
      if (!res.socket) lastQueued.set(req.socket, res);
      sql.deliverArrived?.();
      return app.handleNode(req, res);
    },
  );

  // A client that declares its body and waits for 100 Continue before sending it (curl does for a
  // megabyte or more) is told to continue only when the body may be read. One declared past the
  // limit is answered at once instead (the routes refuse it by its declared length, 413), before
  // any of it is sent: told to continue, the client would still be sending when the refusal closed
  // the connection, and could lose the answer to the reset. Never sent, the body could not be told
  // from the connection's next request: the connection closes after any answer.
  server.on('checkContinue', (req, res) => {
    if (Number(req.headers['content-length']) > maxBodyBytes) res.setHeader('connection', 'close');
    else res.writeContinue();
    server.emit('request', req, res);
  });

  server.on('upgrade', (req, socket, head: Buffer) => {
    if (closing || !app.handleUpgrade) return socket.destroy();
    app.handleUpgrade(req, socket, head).catch(() => socket.destroy());
  });

  // node takes a connection on which nothing has come yet for busy (it times the first request's
  // headers from the connection's opening), and once closed no longer enforces that deadline:
  // such a connection (a client's or a load balancer's spare) would hold the close to the
  // timeout. The listener keeps them, to close them as idle ones are closed.
  const connections = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  function closeIdleConnections() {
    server.closeIdleConnections();
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
  }

  async function closeGracefully(timeoutMs: number): Promise<{ cut: boolean }> {
    // server.close() alone closes only the connections idle at that moment: one kept busy by its
    // client would be served on until the timeout, then cut with a request in flight.
    closing = true;
    // Subscriptions and tracking streams would hold their connections to the timeout: they end
    // first, each saying so, and WebSocket connections close (1001).
    await app.endStreams?.();
    // A request that has arrived but is not read yet leaves its connection looking idle, and
    // closing that connection would drop the request. After a stall (a busy machine), timers run
    // before the event loop reads what came meanwhile: it reads once more first.
    await new Promise((resolve) => setTimeout(resolve, 0));
    let cut = false;
    // Under node:cluster, close() tells the primary, which hands this worker no more connections
    // and closes the shared port once no worker listens.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    closeIdleConnections();
    const late = setTimeout(() => {
      cut = true;
      server.closeAllConnections();
      // Upgraded connections are no longer node's to close.
      for (const socket of connections) socket.destroy();
    }, timeoutMs);
    await closed;
    clearTimeout(late);
    return { cut };
  }

  return Object.assign(server, { closeGracefully });
}
