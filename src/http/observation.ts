import { secondsSince, type Metrics } from '../platform/metrics/metrics.js';
import type { PlainResponse } from './plain.js';

export type Face = 'rest' | 'graphql';

/** What a request's metrics need to know of its GraphQL operation, filled as it runs. */
export interface OperationNote {
  /** Its root fields: the schema bounds them, where a client's own operation names would grow the metrics without end. */
  operation: string;
  /** OK, or the code of its first top-level error. */
  code: string;
}

/** One API request being timed, whatever answers it. A class: one allocation a request, no closures. */
export class Observation {
  /** Filled by the GraphQL face as the operation runs (see graphql/operation-note.ts). */
  readonly note: OperationNote;
  private readonly start = performance.now();

  /** `operation`: a REST route's, known from its path; GraphQL's is noted as it runs. */
  constructor(
    readonly face: Face,
    private readonly metrics: Metrics,
    operation = 'unknown',
  ) {
    this.note = { operation, code: 'OK' };
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

/**
 * Times API requests into `metrics`: GraphQL's (`/graphql`), and REST's by the operation its path
 * names (null for the paths that are no API: health, pages, files). Without metrics, observes nothing.
 */
export function createObserver(metrics: Metrics | undefined) {
  return function observe(path: string, restOperation: string | null): Observation | null {
    if (!metrics) return null;
    if (path === '/graphql') return new Observation('graphql', metrics);
    return restOperation === null ? null : new Observation('rest', metrics, restOperation);
  };
}
