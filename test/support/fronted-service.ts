import { startPublicFront, type FetchHandler } from './public-front.js';
import { startTestService, type TestServiceOptions } from './service.js';

/** Forwards to the production listener at `base`, as a load balancer would. */
const toListener =
  (base: string): FetchHandler =>
  async (request) => {
    const url = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    const headers = new Headers(request.headers);
    headers.delete('content-length');
    return fetch(`${base}${url.pathname}${url.search}`, { method: request.method, headers, body, redirect: 'manual' });
  };

/**
 * The test service behind a public front on a port of its own, PUBLIC_URL pointing at it: the
 * sandbox's links and notifications, and any provider's notifications, reach it as in production.
 */
export async function startFrontedService(options: TestServiceOptions = {}) {
  const front = await startPublicFront();
  const service = await startTestService(Object.assign({}, options, { env: Object.assign({ PUBLIC_URL: front.url }, options.env) }));
  front.forwardTo(service.base ? toListener(service.base) : service.app.fetch);
  const closeService = service.close;
  return Object.assign(service, {
    publicUrl: front.url,
    /** Points the front at another handler (another instance on the same store). */
    forwardTo: front.forwardTo,
    async close() {
      await front.close();
      await closeService();
    },
  });
}

export type FrontedService = Awaited<ReturnType<typeof startFrontedService>>;
