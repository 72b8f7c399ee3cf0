import { createServer, ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { PlatformConfig } from './config/platform.js';
import type { Sql } from './store/sql.js';

type HeadFields = OutgoingHttpHeaders | OutgoingHttpHeader[];

export interface Listener extends Server {
  /**
   * Stops taking connections and ends the open ones as their requests are done: from now on every
   * answer says `Connection: close` (node ends its connection after it), and a connection with no
   * request in flight is closed once it has sent nothing for the idle grace (see createListener).
   * Resolves once every connection has ended; those still open after `timeoutMs` are cut, and
   * `cut` says so. With `portClosedByPrimary` (a worker of node:cluster) the port is the
   * primary's to close: the listener goes on taking the connections handed to it until node
   * closes the server, when the primary disconnects the worker (see workers.ts).
   */
  closeGracefully(timeoutMs: number, options?: { portClosedByPrimary?: boolean }): Promise<{ cut: boolean }>;
}

// When the port closes, the kernel resets the connections it holds that node has not accepted
// yet: their clients may have sent their requests. So the port closes once connections have
// stopped coming for ARRIVALS_QUIET_MS (see closePort), and then in a check phase (setImmediate)
// that follows a turn of the event loop quicker than QUIET_TURN_MS: right after a poll, which
// accepts what the kernel holds, and one not followed by other work while connections went on
// arriving. Only one arriving in that instant could be reset. A loop never that quiet closes the
// port after QUIET_WAIT_MS all the same.
const QUIET_TURN_MS = 1;
const ARRIVALS_QUIET_MS = 250;
const QUIET_WAIT_MS = 1_000;

function afterQuietPoll(): Promise<void> {
  return new Promise((resolve) => {
    const giveUpAt = performance.now() + QUIET_WAIT_MS;
    // From one check phase to the next: one whole turn, its poll included.
    let last = Infinity;
    const check = () => {
      const now = performance.now();
      if (now - last < QUIET_TURN_MS || now > giveUpAt) return resolve();
      last = now;
      setImmediate(check);
    };
    setImmediate(check);
  });
}

/** What the listener needs of the app it serves. */
export interface ListenedApp {
  handleNode(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Takes a WebSocket upgrade; absent, upgrades are not served. */
  handleUpgrade?(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void>;
  /** Answers an upgrade that comes once the close has begun (its stream would be cut) and closes it. */
  refuseClosingUpgrade?(socket: Duplex): void;
  /** Ends the open streams and sockets (subscriptions, tracking) cleanly, at the close. */
  endStreams?(): Promise<void>;
}

/**
 * The node:http server of the service, with its deadlines; not yet listening. WebSocket upgrades
 * go to the app, and at the close its open streams and sockets are ended first (see ListenedApp.endStreams).
 * `maxBodyBytes` is the bodies' limit (MAX_BODY_BYTES): a client that waits to be told to send
 * its body is not told to send one past it. `idleGraceMs` (SHUTDOWN_IDLE_GRACE_MS): once the
 * close has begun, how long a connection with no request in flight may send nothing before it is
 * closed.
 */
export function createListener(
  app: ListenedApp,
  sql: Pick<Sql, 'deliverArrived'>,
  timeouts: PlatformConfig['timeouts'],
  maxBodyBytes = Infinity,
  idleGraceMs = 0,
): Listener {
  const { headersMs, requestMs, keepAliveMs } = timeouts;
  let closing = false;
  // Whether server.close() has run: by the listener, or by node:cluster for the primary.
  let unlistened = false;
  // By connection, its requests not yet answered (pipelined ones included).
  const inFlight = new WeakMap<Socket, number>();
  // Upgraded connections end with their streams (ListenedApp.endStreams), or at the timeout.
  const upgraded = new WeakSet<Socket>();

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
      const connection = req.socket;
      inFlight.set(connection, (inFlight.get(connection) ?? 0) + 1);
      res.once('close', () => {
        const left = (inFlight.get(connection) ?? 1) - 1;
        inFlight.set(connection, left);
        // An answer that did not close its connection (its head went out before the close
        // began, or answers followed it) leaves it idle.
        if (closing && left === 0) closeWhenSilent(connection);
      });
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
    upgraded.add(socket as Socket);
    if (!app.handleUpgrade) return socket.destroy();
    if (closing) return app.refuseClosingUpgrade ? app.refuseClosingUpgrade(socket) : socket.destroy();
    app.handleUpgrade(req, socket, head).catch(() => socket.destroy());
  });

  // Every connection, to close those that stay silent once the close has begun: node takes one on
  // which nothing has come yet for busy (it times the first request's headers from the
  // connection's opening) and, once closed, no longer enforces that deadline, so such a connection
  // (a client's or a load balancer's spare) would hold the close to the timeout; upgraded ones are
  // no longer node's at all.
  const connections = new Set<Socket>();
  const silence = new Map<Socket, NodeJS.Timeout>();
  let lastConnectionAt = 0;
  server.on('connection', (socket: Socket) => {
    lastConnectionAt = performance.now();
    connections.add(socket);
    socket.once('close', () => {
      connections.delete(socket);
      clearTimeout(silence.get(socket));
      silence.delete(socket);
    });
    // Taken after the close began (handed over by the primary, or queued in the kernel before the
    // port closed): its request is answered, if it sends one.
    if (closing) closeWhenSilent(socket);
  });

  // A connection that looks idle may hold a request the event loop has not read yet: closing it
  // then would reset it and lose the request, so that the client could not tell whether its order
  // was made. A connection is closed only once it has sent nothing for idleGraceMs, and only after
  // a poll of the event loop (setImmediate runs right after it) has read whatever had come.
  function closeWhenSilent(socket: Socket) {
    if (socket.destroyed || upgraded.has(socket)) return;
    clearTimeout(silence.get(socket));
    const bytesRead = socket.bytesRead;
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          silence.delete(socket);
          // Busy: watched again once its answers are sent.
          if (socket.destroyed || (inFlight.get(socket) ?? 0) > 0) return;
          if (socket.bytesRead === bytesRead) socket.destroy();
          else closeWhenSilent(socket);
        }),
      idleGraceMs,
    );
    silence.set(socket, timer);
  }

  function beginClosing() {
    if (closing) return;
    closing = true;
    for (const socket of connections) if ((inFlight.get(socket) ?? 0) === 0) closeWhenSilent(socket);
  }

  // node's close() closes the connections idle at that moment (closeIdleConnections), whatever
  // came on them meanwhile unread; under node:cluster it runs when the primary disconnects the
  // worker. Either way it begins the close, and the listener closes idle connections itself.
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {
    if (!closing) closeIdle();
  };
  // The port closes once connections have stopped coming (see closePort); under node:cluster,
  // where each worker holds the shared port, the last of them to close it closes it.
  const close = server.close.bind(server);
  let portClosed: Promise<void> | undefined;
  server.close = (callback?: (error?: Error) => void) => {
    unlistened = true;
    beginClosing();
    portClosed ??= closePort();
    void portClosed.then(() => close(callback));
    return server;
  };
  async function closePort() {
    // Connections still coming are taken, and answered, for up to the idle grace, until none has
    // come for ARRIVALS_QUIET_MS: closed then, the port would reset those the kernel holds. A
    // stalled loop accepts nothing for a while, so the quiet is checked again after a poll.
    const giveUpAt = performance.now() + idleGraceMs;
    for (;;) {
      const now = performance.now();
      if (now < giveUpAt && now - lastConnectionAt < ARRIVALS_QUIET_MS) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(giveUpAt, lastConnectionAt + ARRIVALS_QUIET_MS) - now));
        continue;
      }
      const before = lastConnectionAt;
      await afterQuietPoll();
      if (lastConnectionAt === before || performance.now() >= giveUpAt) return;
    }
  }
  let ended = false;
  const whenEnded = new Promise<void>((resolve) => server.once('close', () => resolve(void (ended = true))));

  async function closeGracefully(timeoutMs: number, { portClosedByPrimary = false } = {}): Promise<{ cut: boolean }> {
    // node's close() alone would close only the connections idle at that moment: one kept busy by
    // its client would be served on until the timeout, then cut with a request in flight.
    beginClosing();
    // Subscriptions and tracking streams would hold their connections to the timeout: they end
    // first, each saying so, and WebSocket connections close (1001).
    await app.endStreams?.();
    let cut = false;
    const late = setTimeout(() => {
      cut = true;
      if (!unlistened) server.close();
      server.closeAllConnections();
      // Upgraded connections are no longer node's to close.
      for (const socket of connections) socket.destroy();
    }, timeoutMs);
    if (!portClosedByPrimary) server.close();
    if (!ended) await whenEnded;
    clearTimeout(late);
    return { cut };
  }

  return Object.assign(server, { closeGracefully });
}
