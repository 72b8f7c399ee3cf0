// The part of autocannon's programmatic API the bench uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      duration?: number;
      /** Each request may be changed before it is sent. */
      requests?: { setupRequest?: (request: RequestParams) => RequestParams }[];
    }

    interface RequestParams {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }

    interface Percentiles {
      mean: number;
      max: number;
      p50: number;
      p90: number;
      p99: number;
    }

    interface Result {
      /** Seconds. */
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
      statusCodeStats: Record<string, { count: number }>;
      /** Milliseconds, 2xx answers only. */
      latency: Percentiles;
    }
  }

  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;

  export = autocannon;
}
