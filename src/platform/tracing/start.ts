import { context, diag, DiagLogLevel, propagation, trace, type DiagLogger } from '@opentelemetry/api';
import type { Sampler, SpanProcessor } from '@opentelemetry/sdk-trace';
import type { Logger } from 'pino';
import type { TracingSettings } from './settings.js';
import { traceparentPropagator } from './traceparent.js';
import { tracingOn, useTracer } from './tracer.js';

export interface Tracing {
  /** Sends the spans still queued (within a deadline) and stops recording. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  /** Where the SDK's own troubles go (a collector it cannot reach), as warnings. */
  log?: Pick<Logger, 'warn'>;
  /** Instead of the exporters the environment names: tests record spans in memory. */
  spanProcessors?: SpanProcessor[];
}

// The spans still queued at shutdown get this long to reach the collector; the process then
// exits whether they did or not.
const FLUSH_DEADLINE_MS = 5_000;

const OFF: Tracing = { shutdown: async () => {} };

/**
 * Starts the OpenTelemetry Node SDK when the settings turn tracing on: spans of this service
 * only (no metrics, no logs, no library instrumentation), W3C trace context on the wire, the
 * sampler configured, the exporters from the standard OTEL_* variables. Off, nothing is loaded
 * and nothing registered. Called once, before the parts that trace are made (see tracingOn).
 */
export async function startTracing(settings: TracingSettings, options: TracingOptions = {}): Promise<Tracing> {
  if (!settings.enabled) return OFF;
  if (tracingOn()) throw new Error('tracing is already started');
  // Loaded only now: the SDK and its exporters take a while to load, for nothing while off.
  const [{ NodeSDK }, samplers] = await Promise.all([import('@opentelemetry/sdk-node'), import('@opentelemetry/sdk-trace')]);
  if (options.log) diag.setLogger(warningsTo(options.log), DiagLogLevel.WARN);
  const sdk = new NodeSDK({
    serviceName: settings.serviceName,
    sampler: samplerFor(settings, samplers),
    textMapPropagator: traceparentPropagator,
    ...(options.spanProcessors ? { spanProcessors: options.spanProcessors } : {}),
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  useTracer(true);

  let stopped: Promise<void> | undefined;
  async function stop() {
    useTracer(false);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, FLUSH_DEADLINE_MS).unref()));
    await Promise.race([sdk.shutdown().catch((err: unknown) => options.log?.warn({ err }, 'tracing: shutdown failed')), late]);
    clearTimeout(timer);
    trace.disable();
    propagation.disable();
    context.disable();
    diag.disable();
  }
  return { shutdown: () => (stopped ??= stop()) };
}

type Samplers = typeof import('@opentelemetry/sdk-trace');

/** OTEL_TRACES_SAMPLER's sampler, as the specification defines each. */
function samplerFor({ sampler, ratio }: TracingSettings, s: Samplers): Sampler {
  const root = sampler.endsWith('always_on')
    ? new s.AlwaysOnSampler()
    : sampler.endsWith('always_off')
      ? new s.AlwaysOffSampler()
      : new s.TraceIdRatioBasedSampler(ratio);
  return sampler.startsWith('parentbased_') ? new s.ParentBasedSampler({ root }) : root;
}

function warningsTo(log: Pick<Logger, 'warn'>): DiagLogger {
  const warn = (message: string, ...args: unknown[]) => log.warn({ args }, `tracing: ${message}`);
  const ignore = () => {};
  return { error: warn, warn, info: ignore, debug: ignore, verbose: ignore };
}
