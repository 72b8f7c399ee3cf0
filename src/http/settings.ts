import { ConfigError, declareSettings, type Reader } from '../platform/config/settings.js';

/** The HTTP edge's settings, for both faces: who may call from a browser, and how often. */
export const HTTP_SETTINGS = declareSettings({
  CORS_ORIGINS: { default: '', doc: 'comma-separated origins browser pages may call from (e.g. `https://app.example`); none when unset' },
  RATE_LIMIT_PER_MINUTE: { default: '600', doc: 'requests per token `sub` (per client address without a valid token) per minute on both faces; `0` turns the limit off' },
});

export interface HttpConfig {
  corsOrigins: string[];
  rateLimitPerMinute: number;
}

export function readHttpConfig(read: Reader<keyof typeof HTTP_SETTINGS>): HttpConfig {
  return {
    corsOrigins: corsOrigins(read.get('CORS_ORIGINS')),
    rateLimitPerMinute: read.number('RATE_LIMIT_PER_MINUTE', { min: 0, integer: true }),
  };
}

/** The origins of CORS_ORIGINS, each `scheme://host[:port]` as a browser sends it. */
function corsOrigins(list: string): string[] {
  return list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      let origin: string;
      try {
        origin = new URL(item).origin;
      } catch {
        origin = 'null';
      }
      if (origin === 'null' || origin !== item.replace(/\/+$/, '')) {
        throw new ConfigError(`CORS_ORIGINS: ${item} is not an origin (scheme://host[:port], no path)`);
      }
      return origin;
    });
}
