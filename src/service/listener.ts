import { createServer, type Server } from 'node:http';
import type { Config } from '../config.js';
import type { App } from '../http/router.js';
import type { Sql } from '../store/sql.js';

/** The node:http server of the service, with its deadlines; not yet listening. */
export function createListener(app: App, sql: Pick<Sql, 'deliverArrived'>, timeouts: Config['timeouts']): Server {
  const { headersMs, requestMs, keepAliveMs } = timeouts;
  return createServer(
    {
      // A client that sends half a request (slowloris) is cut off; node looks for such
      // connections every connectionsCheckingInterval, which must be well under the timeouts.
      headersTimeout: headersMs,
      requestTimeout: requestMs,
      keepAliveTimeout: keepAliveMs,
      connectionsCheckingInterval: Math.min(1_000, headersMs / 2),
    },
    // Each request first takes the store's answers that have arrived (see Sql.deliverArrived):
    // under load, node reads many requests in one turn of its event loop, and a batch of orders
    // whose answer waited behind them held both its callers and the next batch back.
    (req, res) => {
      sql.deliverArrived?.();
      return app.handleNode(req, res);
    },
  );
}
