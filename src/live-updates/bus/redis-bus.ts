import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { EventBus } from '../domain/bus.js';
import { backoffMs } from './backoff.js';
import { createFanout, notePayload, noteOf, type BusObserver } from './fanout.js';

export interface RedisBusOptions {
  url: string;
  /** The pub/sub channel (EVENTS_CHANNEL). */
  channel: string;
  log: Logger;
  observe?: BusObserver;
  /** Deadline of connecting and of each command. */
  timeoutMs?: number;
  now?: () => number;
}

/**
 * Redis pub/sub between the instances: one connection subscribed to the channel, one that
 * publishes `<orderId>:<seq>` once a change committed. ioredis reconnects on its own, waiting
 * longer after each failure, and subscribes again; messages published meanwhile are lost, so
 * every subscriber then reads its order again.
 */
export function createRedisBus(options: RedisBusOptions): EventBus & { started: Promise<void> } {
  const { channel, log, observe = {}, timeoutMs = 5_000 } = options;
  const fanout = createFanout(options.now ?? Date.now);
  const common = {
    // Named, so that an operator sees what the connections are for (CLIENT LIST).
    connectionName: `order-events:${channel}`,
    connectTimeout: timeoutMs,
    lazyConnect: true,
    retryStrategy: (times: number) => backoffMs(times - 1),
  };
  // While Redis is away a publish fails at once, rather than queueing for when it is back.
  const publisher = new Redis(options.url, { ...common, enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: timeoutMs });
  const subscriber = new Redis(options.url, { ...common, commandTimeout: timeoutMs, maxRetriesPerRequest: null });
  let warned = false;
  const problem = (which: string) => (err: Error) => {
    // ioredis reports every failed attempt: once per outage is enough.
    if (!warned) log.warn({ err, channel }, `redis ${which} connection failed; reconnecting`);
    warned = true;
  };
  publisher.on('error', problem('publishing'));
  subscriber.on('error', problem('order events'));

  let readies = 0;
  subscriber.on('ready', () => {
    readies += 1;
    warned = false;
    // ioredis has subscribed again before it says ready; what was published meanwhile is lost.
    if (readies > 1) {
      log.info({ channel }, 'listening to order events again');
      observe.missed?.(fanout.missedAll());
    }
  });
  subscriber.on('message', (from: string, payload: string) => {
    const note = from === channel ? noteOf(payload) : null;
    if (note) fanout.remote(note);
  });

  const started = Promise.all([
    publisher.connect(),
    subscriber.connect().then(() => subscriber.subscribe(channel)),
  ]).then(
    () => {},
    (err: unknown) => log.warn({ err, channel }, 'cannot reach redis for order events yet; trying again'),
  );

  return {
    started,
    publish(notes) {
      if (notes.length === 0) return;
      for (const note of notes) observe.published?.(note.type ?? 'unknown');
      fanout.local(notes, true);
      const pipeline = publisher.pipeline();
      for (const note of notes) pipeline.publish(channel, notePayload(note));
      pipeline.exec().then(
        (results) => {
          const failed = results?.find(([err]) => err)?.[0];
          if (failed) log.warn({ err: failed, notes: notes.map(notePayload) }, 'order events not published to the other instances');
        },
        (err: unknown) => log.warn({ err, notes: notes.map(notePayload) }, 'order events not published to the other instances'),
      );
    },
    subscribe: fanout.subscribe,
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
