import { ConfigError, declareSettings, type Reader } from '../platform/config/settings.js';

/** How order events travel between instances, and how often an idle stream says it is alive. */
export const LIVE_UPDATE_SETTINGS = declareSettings({
  EVENTS_CHANNEL: { default: 'order_events', doc: 'the channel order events travel on between instances: PostgreSQL LISTEN/NOTIFY, or Redis pub/sub when REDIS_URL is set; letters, digits and `_`' },
  SUBSCRIPTION_KEEP_ALIVE_MS: { default: '15000', doc: 'an open subscription or tracking stream with nothing to say sends a keep-alive at least this often' },
});

export interface LiveUpdatesConfig {
  /** Live updates: the channel between instances, and how often an idle stream says it is alive. */
  events: { channel: string; keepAliveMs: number };
}

export function readLiveUpdatesConfig(read: Reader<keyof typeof LIVE_UPDATE_SETTINGS>): LiveUpdatesConfig {
  return {
    events: {
      channel: eventsChannel(read.get('EVENTS_CHANNEL')),
      keepAliveMs: read.number('SUBSCRIPTION_KEEP_ALIVE_MS', { min: 1_000, max: 600_000, integer: true }),
    },
  };
}

// A PostgreSQL identifier and a Redis channel alike, never quoted into trouble.
function eventsChannel(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) throw new ConfigError(`EVENTS_CHANNEL=${name} must be letters, digits and _ (at most 63), not starting with a digit`);
  return name;
}
