import { SAMPLERS, TRACE_EXPORTERS, type SamplerName, type TracingSettings } from '../tracing/settings.js';
import { ConfigError, declareSettings, type Reader } from './settings.js';

// Tracing (OpenTelemetry): off unless an exporter is named or an OTLP endpoint given.
export const TRACING_SETTINGS = declareSettings({
  OTEL_SDK_DISABLED: { default: 'false', doc: '`true` turns tracing off, whatever else is set' },
  OTEL_TRACES_EXPORTER: { default: '', doc: 'where spans go: `otlp`, `zipkin`, `console` (comma-separated), or `none`; naming one turns tracing on' },
  OTEL_EXPORTER_OTLP_ENDPOINT: { default: '', doc: 'base URL of an OTLP collector (`/v1/traces` is appended for HTTP); setting it turns tracing on' },
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: { default: '', doc: "the OTLP collector's URL for traces, used as it is; setting it turns tracing on" },
  OTEL_TRACES_SAMPLER: { default: 'parentbased_always_on', doc: 'which traces are kept: `always_on`, `always_off`, `traceidratio`, or `parentbased_` before one of them' },
  OTEL_TRACES_SAMPLER_ARG: { default: '1', doc: 'the share of new traces kept by the `traceidratio` samplers, 0 to 1' },
  OTEL_SERVICE_NAME: { default: 'roadside-order-service', doc: "the spans' `service.name`" },
});

/**
 * Tracing is on once spans have somewhere to go: an exporter named, or an OTLP endpoint given.
 * The SDK reads the exporter's own variables (protocol, headers, timeouts) itself.
 */
export function readTracingSettings(read: Reader<keyof typeof TRACING_SETTINGS>): TracingSettings {
  const { get, number, flag } = read;
  const disabled = flag('OTEL_SDK_DISABLED', false);
  const exporters = get('OTEL_TRACES_EXPORTER').toLowerCase().split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = exporters.filter((name) => !(TRACE_EXPORTERS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new ConfigError(`OTEL_TRACES_EXPORTER: ${unknown.join(', ')} unknown; one of ${TRACE_EXPORTERS.join(', ')}`);
  if (exporters.includes('none') && exporters.length > 1) throw new ConfigError('OTEL_TRACES_EXPORTER: none goes alone');
  const endpoint = read.httpUrl('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') || read.httpUrl('OTEL_EXPORTER_OTLP_ENDPOINT');
  const exporting = exporters.length > 0 ? !exporters.includes('none') : endpoint !== '';
  const sampler = get('OTEL_TRACES_SAMPLER').toLowerCase() as SamplerName;
  if (!SAMPLERS.includes(sampler)) throw new ConfigError(`OTEL_TRACES_SAMPLER=${sampler} must be one of ${SAMPLERS.join(', ')}`);
  return {
    enabled: exporting && !disabled,
    serviceName: get('OTEL_SERVICE_NAME'),
    sampler,
    // The argument means something to the ratio samplers alone; the others leave it unread.
    ratio: sampler.endsWith('traceidratio') ? number('OTEL_TRACES_SAMPLER_ARG', { min: 0, max: 1 }) : 1,
  };
}
