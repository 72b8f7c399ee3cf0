import { secondsSince, type Metrics } from '../metrics/metrics.js';
import type { PlainResponse } from './plain.js';

export type Face = 'rest' | 'graphql';

/** What a request's metrics need to know of its GraphQL operation, filled as it runs. */
export interface OperationNote {
  /** Its root fields: the schema bounds them, where a client's own operation names would grow the metrics without end. */
  operation: string;
  /** OK, or the code of its first top-level error. */
  code: string;
}

const ORDERS = '/applications/orders';

/** The face an API path belongs to; null for the others (health, pages, files), not observed. */
export const faceOf = (path: string): Face | null =>
  path === ORDERS || path.startsWith(`${ORDERS}/`) ? 'rest' : path === '/graphql' ? 'graphql' : null;

// A REST operation by its path, from a set the service bounds: not the paths clients send.
const restOperation = (path: string): string =>
  path === ORDERS ? 'createOrder' : /^\/applications\/orders\/[^/]+\/cancel$/.test(path) ? 'cancelOrder' : 'unknown';

/** One API request being timed, whatever answers it. A class: one allocation a request, no closures. */
export class Observation {
  /** Filled by the GraphQL face as the operation runs (see graphql/operation-note.ts). */
  readonly note: OperationNote;
  private readonly start = performance.now();

  constructor(
    readonly face: Face,
    private readonly metrics: Metrics,
    path: string,
  ) {
    this.note = { operation: face === 'rest' ? restOperation(path) : 'unknown', code: 'OK' };
  }

  /** Records an answer the router made or routed: its own code, or OK. */
  answered(response: PlainResponse): void {
    this.done(response.code ?? (response.status < 400 ? 'OK' : `HTTP_${response.status}`));
  }

  /** Records an answer the GraphQL face wrote: the code its operation noted, else its status. */
  answeredWith(status: number): void {
    this.done(this.note.code !== 'OK' || status < 400 ? this.note.code : `HTTP_${status}`);
  }

  private done(code: string): void {
    const { face, metrics } = this;
    if (code === 'RATE_LIMITED') metrics.rateLimited.inc({ face });
    metrics.requests.observe({ face, operation: this.note.operation, code }, secondsSince(this.start));
  }
}

/** Times API requests into `metrics`; without metrics, observes nothing. */
export function createObserver(metrics: Metrics | undefined) {
  return function observe(path: string): Observation | null {
    const face = metrics ? faceOf(path) : null;
    return face ? new Observation(face, metrics!, path) : null;
  };
}
