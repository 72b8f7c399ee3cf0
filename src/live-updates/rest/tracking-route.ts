import type { Mount } from '../../http/router.js';
import type { WatchItem } from '../domain/order-watch.js';
import type { Tracking } from '../domain/tracking.js';
import type { LiveOrders } from '../live-orders.js';
import type { ErrorLog } from '../../http/error-table.js';
import type { EventStream } from '../../http/event-stream.js';
import type { PlainRequest, PlainResponse } from '../../http/plain.js';
import { RateLimitedError, type RateLimit } from '../../http/rate-limit.js';
import { answerError, refuse } from '../../http/responses.js';
import { TRACKING_ASSETS_PATH, type TrackingAssets } from './tracking-assets.js';
import { trackingNotFoundPage, trackingPage } from './tracking-page.js';

export const TRACKING_PATH = '/track/';

// Open tracking streams per client address: a page per order is the usual, a few tabs at most.
const STREAMS_PER_ADDRESS = 20;

export interface TrackingRouteDeps {
  live: Pick<LiveOrders, 'tracking' | 'trackingUpdates'>;
  assets: TrackingAssets;
  /** Each client's allowance of requests; the tracking streams count per address. */
  rateLimit: RateLimit | null;
  keepAliveMs: number;
  log: ErrorLog;
}

/** The text/event-stream form of one watch item; an ending says why, and the client comes back. */
function sseOf(item: WatchItem<Tracking>): string {
  if (item.kind === 'order') return `id: ${item.version}\nevent: order\ndata: ${JSON.stringify(item.value)}\n\n`;
  return `event: end\ndata: ${JSON.stringify({ reason: item.reason })}\n\n`;
}

/** The watch's items as events, with `ended` called once when it stops for any reason. */
function asEvents(updates: AsyncIterableIterator<WatchItem<Tracking>>, ended: () => void): AsyncIterableIterator<string> {
  let done = false;
  // A client that loses the stream comes back after this long (EventSource's `retry`).
  let retry = 'retry: 3000\n';
  const finish = (): IteratorResult<string> => {
    if (!done) ended();
    done = true;
    return { done: true, value: undefined };
  };
  return {
    next: async (): Promise<IteratorResult<string>> => {
      const step = await updates.next().catch((): IteratorResult<WatchItem<Tracking>> => ({ done: true, value: undefined }));
      if (step.done) return finish();
      const value = retry + sseOf(step.value);
      retry = '';
      return { done: false, value };
    },
    return: async () => {
      await updates.return?.();
      return finish();
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/**
 * `GET /track/{paymentReference}`, the order's public tracking page, and `…/events`, its live
 * stream: the payment reference is the capability (whoever holds the payment link may follow the
 * order), and both show only what the page shows. The stream counts against the address's rate
 * limit, and an address holds a few streams at most.
 */
export function createTrackingRoute(deps: TrackingRouteDeps) {
  const { urls } = deps.assets;
  const streams = new Map<string, number>();

  async function stream(reference: string, address: string): Promise<PlainResponse | EventStream> {
    if (deps.rateLimit) {
      const verdict = await deps.rateLimit(`track:${address}`);
      if (!verdict.allowed) return answerError(new RateLimitedError(verdict.headers), deps.log);
    }
    if ((streams.get(address) ?? 0) >= STREAMS_PER_ADDRESS) return answerError(new RateLimitedError({ 'retry-after': '30' }), deps.log);
    const updates = await deps.live.trackingUpdates(reference);
    if (!updates) return refuse('NOT_FOUND');
    streams.set(address, (streams.get(address) ?? 0) + 1);
    const ended = () => {
      const left = (streams.get(address) ?? 1) - 1;
      if (left > 0) streams.set(address, left);
      else streams.delete(address);
    };
    return { events: asEvents(updates, ended), keepAliveMs: deps.keepAliveMs };
  }

  return async function track(request: PlainRequest, path: string, address = 'unknown'): Promise<PlainResponse | EventStream> {
    if (path.startsWith(TRACKING_ASSETS_PATH)) return deps.assets.respond(request, path);
    const [segment = '', verb, ...rest] = path.slice(TRACKING_PATH.length).split('/');
    if (!segment || rest.length || (verb !== undefined && verb !== 'events')) return trackingNotFoundPage(urls);
    if (request.method !== 'GET' && (request.method !== 'HEAD' || verb)) return refuse('METHOD_NOT_ALLOWED', { allow: verb ? 'GET' : 'GET, HEAD' });
    let reference: string;
    try {
      reference = decodeURIComponent(segment);
    } catch {
      return trackingNotFoundPage(urls);
    }
    if (verb === 'events') return stream(reference, address);
    const tracking = await deps.live.tracking(reference);
    return tracking ? trackingPage(tracking, urls) : trackingNotFoundPage(urls);
  };
}

export type TrackingRoute = ReturnType<typeof createTrackingRoute>;

/** The tracking pages, as the router mounts them: each stream counted by the client's address. */
export function trackingMount(track: TrackingRoute): Mount {
  return { path: TRACKING_PATH, prefix: true, route: (request, path, at) => track(request, path, at.address) };
}
