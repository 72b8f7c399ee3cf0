/** The samplers OTEL_TRACES_SAMPLER names, as the OpenTelemetry specification spells them. */
export const SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
export type SamplerName = (typeof SAMPLERS)[number];

/** The exporters OTEL_TRACES_EXPORTER may name; the Node SDK makes each from its own variables. */
export const TRACE_EXPORTERS = ['otlp', 'zipkin', 'console', 'none'] as const;

/** What the service decides of tracing itself; the SDK reads the exporter's own variables. */
export interface TracingSettings {
  /** Off unless an exporter is named or an OTLP endpoint given; OTEL_SDK_DISABLED turns it off. */
  enabled: boolean;
  serviceName: string;
  sampler: SamplerName;
  /** The share of new traces kept by the ratio samplers, 0 to 1. */
  ratio: number;
}
