import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/platform/config/settings.js';
import { loadConfig } from '../../../src/service/config.js';

const tracing = (env: Record<string, string>) => loadConfig(env).tracing;

describe('tracing settings', () => {
  it('when nothing is set, then tracing is off, keeping every sampled trace once on, as the service', () => {
    expect(tracing({})).toEqual({ enabled: false, serviceName: 'roadside-order-service', sampler: 'parentbased_always_on', ratio: 1 });
  });

  it.each([
    [{ OTEL_TRACES_EXPORTER: 'otlp' }],
    [{ OTEL_TRACES_EXPORTER: 'console,otlp' }],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://collector.example/v1/traces' }],
  ])('when spans have somewhere to go (%o), then tracing is on', (env) => {
    expect(tracing(env).enabled).toBe(true);
  });

  it.each([
    [{ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }],
    [{ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SDK_DISABLED: 'true' }],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'TRUE' }],
  ])('when %o, then tracing stays off', (env) => {
    expect(tracing(env).enabled).toBe(false);
  });

  it('when a ratio sampler is named, then its argument is the share of new traces kept', () => {
    expect(tracing({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' })).toMatchObject({
      sampler: 'parentbased_traceidratio',
      ratio: 0.1,
    });
    expect(tracing({ OTEL_TRACES_SAMPLER: 'always_on', OTEL_TRACES_SAMPLER_ARG: 'ignored' }).ratio).toBe(1);
  });

  it('when the service is named, then its spans carry that name', () => {
    expect(tracing({ OTEL_SERVICE_NAME: 'orders-eu' }).serviceName).toBe('orders-eu');
  });

  it.each([
    ['OTEL_TRACES_EXPORTER', { OTEL_TRACES_EXPORTER: 'jaeger' }],
    ['OTEL_TRACES_EXPORTER', { OTEL_TRACES_EXPORTER: 'none,otlp' }],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }],
    ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'ftp://collector/v1/traces' }],
    ['OTEL_TRACES_SAMPLER', { OTEL_TRACES_SAMPLER: 'sometimes' }],
    ['OTEL_TRACES_SAMPLER_ARG', { OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '1.5' }],
    ['OTEL_SDK_DISABLED', { OTEL_SDK_DISABLED: 'yes' }],
  ])('when %s is wrong (%o), then loading fails naming it', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
