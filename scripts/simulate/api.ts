// The service's public GraphQL API as the simulator uses it: over HTTP, each request under a
// deadline, retried with backoff while the service is unreachable, restarting or overloaded.

export type Log = (line: string) => void;

/** The simulator was stopped: whatever it was doing ends here. */
export class Stopped extends Error {
  constructor() {
    super('stopped');
  }
}

/** An answer the service gave that retrying will not change (a refused token, a bad operation). */
export class Refused extends Error {}

export interface ApiOptions {
  /** The service's base URL, e.g. http://localhost:4000. */
  url: string;
  signal: AbortSignal;
  log: Log;
  /** Deadline of one request. */
  timeoutMs?: number;
  /** The longest wait between two tries. */
  maxBackoffMs?: number;
}

// Failures that say the service is not there right now, rather than that the request is wrong.
const RETRIED_STATUSES = new Set([429, 500, 502, 503, 504]);
const RETRIED_CODES = new Set(['STORE_UNAVAILABLE', 'RATE_LIMITED', 'INTERNAL']);

/** Waits `ms`, or less if stopped (then throws Stopped). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Stopped());
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', stopped);
      resolve();
    };
    const stopped = () => {
      clearTimeout(timer);
      reject(new Stopped());
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', stopped, { once: true });
  });
}

/** Why a request got no answer, in a word: fetch hides the connection's error in its cause. */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }).cause;
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer within the deadline';
  return cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

interface GraphqlAnswer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

export function createApi(options: ApiOptions) {
  const { signal, log } = options;
  const endpoint = new URL('/graphql', options.url).href;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBackoffMs = options.maxBackoffMs ?? 10_000;
  // One line when the service stops answering and one when it is back, not one a request.
  let down = false;

  async function once(query: string, variables: Record<string, unknown>, token: string): Promise<{ retry: string } | { data: Record<string, unknown> }> {
    let response: Response;
    let answer: GraphqlAnswer;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
      if (RETRIED_STATUSES.has(response.status)) return { retry: `HTTP ${response.status}` };
      answer = (await response.json()) as GraphqlAnswer;
    } catch (error) {
      if (signal.aborted) throw new Stopped();
      return { retry: reasonOf(error) };
    }
    const error = answer.errors?.[0];
    if (error) {
      const code = error.extensions?.code ?? 'ERROR';
      if (RETRIED_CODES.has(code)) return { retry: code };
      throw new Refused(`${code}: ${error.message}`);
    }
    if (!answer.data) throw new Refused(`HTTP ${response.status} without data`);
    return { data: answer.data };
  }

  /**
   * The operation's data. Retried until it is answered or the simulator stops: every operation
   * the simulator sends may be sent again, since the service answers a repeated step, accept or
   * move as the first (it changes nothing).
   */
  async function request<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const outcome = await once(query, variables, token);
      if ('data' in outcome) {
        if (down) log(`service answers again at ${options.url}`);
        down = false;
        return Object.values(outcome.data)[0] as T;
      }
      // Doubling from a quarter second, with jitter so that the operators do not retry in step.
      const wait = Math.min(maxBackoffMs, 250 * 2 ** attempt) * (0.5 + Math.random() / 2);
      if (!down) log(`service not answering at ${options.url} (${outcome.retry}); retrying with backoff`);
      down = true;
      await pause(wait, signal);
    }
  }

  return { request, url: options.url };
}

export type Api = ReturnType<typeof createApi>;
