import { once } from 'node:events';
import { createServer } from 'node:http';
import { tracingSample } from './settings.js';

let started: Promise<string> | undefined;

/**
 * A stand-in OTLP/HTTP collector on loopback: takes every POST /v1/traces, reads it whole and
 * answers 200, as a collector that keeps up does. What the services pay is their own side of
 * tracing: spans made, batched, encoded and sent.
 */
function startCollector(): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const status = req.method === 'POST' && req.url === '/v1/traces' ? 200 : 404;
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  // It must not keep the bench alive once the run is done.
  server.unref();
  return once(server, 'listening').then(() => `http://127.0.0.1:${(server.address() as { port: number }).port}`);
}

/**
 * With TRACING_SAMPLE set, what a service is started with to trace that share of its requests
 * to the collector (started with the first service); nothing otherwise.
 */
export async function tracingEnv(): Promise<Record<string, string>> {
  const sample = tracingSample();
  return sample === null ? {} : tracedAt(sample);
}

/** What a service is started with to trace `sample` of its requests to the collector, whatever TRACING_SAMPLE says. */
export async function tracedAt(sample: number): Promise<Record<string, string>> {
  const url = await (started ??= startCollector());
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: url,
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: String(sample),
  };
}
