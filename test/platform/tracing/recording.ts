import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { startTracing } from '../../../src/platform/tracing/start.js';
import type { TracingSettings } from '../../../src/platform/tracing/settings.js';

export const TRACING_ON: TracingSettings = { enabled: true, serviceName: 'test', sampler: 'parentbased_always_on', ratio: 1 };

/** The spans recorded so far, and their family ties. */
export class Seen {
  constructor(readonly all: readonly ReadableSpan[]) {}

  named(name: string): ReadableSpan[] {
    return this.all.filter((span) => span.name === name);
  }

  /** The spans whose parent is `span`. */
  childrenOf(span: ReadableSpan): ReadableSpan[] {
    return this.all.filter((child) => child.parentSpanContext?.spanId === span.spanContext().spanId);
  }

  /** Every span beneath `span`, however deep. */
  below(span: ReadableSpan): ReadableSpan[] {
    const children = this.childrenOf(span);
    return children.flatMap((child) => [child, ...this.below(child)]);
  }
}

/**
 * Tracing started as the service starts it, its spans kept in memory instead of exported. Each
 * ended span is handed over at once, once the resource's attributes are known: `seen` waits for
 * those still on their way, so a test reads every span ended before it asked.
 */
export async function startRecording(settings: TracingSettings = TRACING_ON) {
  const exporter = new InMemorySpanExporter();
  const processor = new SimpleSpanProcessor({ exporter });
  const tracing = await startTracing(settings, { spanProcessors: [processor] });
  return {
    async seen(): Promise<Seen> {
      await processor.forceFlush();
      return new Seen(exporter.getFinishedSpans());
    },
    /** Forgets the spans so far, those still on their way too. */
    async reset() {
      await processor.forceFlush();
      exporter.reset();
    },
    shutdown: () => tracing.shutdown(),
  };
}

export type Recording = Awaited<ReturnType<typeof startRecording>>;

/** The parts of a W3C traceparent header. */
export function traceparentParts(header: unknown) {
  const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/.exec(String(header));
  return match ? { traceId: match[1]!, spanId: match[2]!, flags: match[3]! } : null;
}
