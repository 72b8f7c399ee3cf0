import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../../src/service/config.js';
import type { MetricsSource } from '../../../src/platform/metrics/cluster-metrics.js';
import { listenForMetrics } from '../../../src/http/metrics-port.js';

const config = { metricsPort: 0, host: '127.0.0.1' } as Config;

describe('METRICS_PORT', () => {
  it("when the metrics cannot be read (a worker that never sends its share), then the scrape gets a 500 and the port keeps answering", async () => {
    let fail = true;
    const source: MetricsSource = {
      contentType: 'text/plain; version=0.0.4; charset=utf-8',
      metrics: () => (fail ? Promise.reject(new Error('Operation timed out.')) : Promise.resolve('up 1\n')),
    };
    const server = await listenForMetrics(source, config, pino({ level: 'silent' }));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const failed = await fetch(`${url}/metrics`);
      expect(failed.status).toBe(500);
      expect((await failed.json()).code).toBe('INTERNAL');
      fail = false;
      const answered = await fetch(`${url}/metrics`);
      expect(answered.status).toBe(200);
      expect(await answered.text()).toBe('up 1\n');
      expect((await fetch(`${url}/other`)).status).toBe(404);
    } finally {
      server.close();
      await once(server, 'close');
    }
  });
});
