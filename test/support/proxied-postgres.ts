import { postgresEngine, testServer } from './engines.js';
import { startTestService, type TestServiceOptions } from './service.js';
import { startTcpProxy } from './tcp-proxy.js';

/**
 * The service on PostgreSQL reached through a TCP proxy the test cuts, stalls and restores, with
 * a payment provider that records every link it makes and voids, and every refund it is asked.
 */
export async function startServiceBehindProxy(options: Pick<TestServiceOptions, 'env'> = {}) {
  const proxy = await startTcpProxy(testServer());
  const created: string[] = [];
  const cancelled: string[] = [];
  const refunded: string[] = [];
  const service = await startTestService({
    env: options.env,
    engine: postgresEngine((url) => {
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
    }),
    payments: {
      async createPaymentLink({ reference }) {
        created.push(reference);
        return { url: `https://pay.example/${reference}` };
      },
      async cancelPaymentLink(reference) {
        cancelled.push(reference);
      },
      async refundPayment({ reference }) {
        refunded.push(reference);
      },
    },
  });
  return {
    proxy,
    service,
    created,
    cancelled,
    refunded,
    close: async () => {
      await service.close();
      await proxy.close();
    },
  };
}
