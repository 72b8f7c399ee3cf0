import { GATEWAY_SETTINGS, readGatewayConfig, type GatewayConfig } from '../gateway/settings.js';
import { GRAPHQL_SETTINGS, readGraphqlConfig, type GraphqlConfig } from '../graphql/settings.js';
import { HTTP_SETTINGS, readHttpConfig, type HttpConfig } from '../http/settings.js';
import { LIFECYCLE_SETTINGS, readLifecycleConfig, type LifecycleConfig } from '../lifecycle/settings.js';
import { LIVE_UPDATE_SETTINGS, readLiveUpdatesConfig, type LiveUpdatesConfig } from '../live-updates/settings.js';
import { OPERATOR_SETTINGS, readOperatorsConfig, type OperatorsConfig } from '../operators/settings.js';
import { ORDER_SETTINGS, readOrdersConfig, type OrdersConfig } from '../orders/settings.js';
import { PAYMENT_SETTINGS, readPaymentsConfig, type PaymentsConfig } from '../payments/settings.js';
import { PLATFORM_SETTINGS, readPlatformConfig, type PlatformConfig } from '../platform/config/platform.js';
import { readerOf, type Env, type SettingTable } from '../platform/config/settings.js';
import { WEBHOOK_SETTINGS, readWebhooksConfig, type WebhooksConfig } from '../webhooks/settings.js';

/** The tables of every part, in one, refusing a variable that two parts would both claim. */
function assemble<const T extends readonly SettingTable[]>(...tables: T): UnionToIntersection<T[number]> {
  const all: Record<string, SettingTable[string]> = {};
  for (const table of tables) {
    for (const [name, setting] of Object.entries(table)) {
      if (Object.hasOwn(all, name)) throw new Error(`${name} is declared twice`);
      all[name] = setting;
    }
  }
  return all as UnionToIntersection<T[number]>;
}

type UnionToIntersection<U> = (U extends unknown ? (part: U) => void : never) extends (whole: infer I) => void ? I : never;

// Every setting the service reads, with its environment variable, default and one line of docs,
// each declared by the part it belongs to. Nothing else in the code reads the process's
// environment; docs/configuration.md lists exactly these keys.
export const SETTINGS = assemble(
  PLATFORM_SETTINGS,
  HTTP_SETTINGS,
  GRAPHQL_SETTINGS,
  LIVE_UPDATE_SETTINGS,
  ORDER_SETTINGS,
  LIFECYCLE_SETTINGS,
  OPERATOR_SETTINGS,
  GATEWAY_SETTINGS,
  PAYMENT_SETTINGS,
  WEBHOOK_SETTINGS,
);

export type SettingName = keyof typeof SETTINGS;

export interface Config
  extends PlatformConfig,
    HttpConfig,
    GraphqlConfig,
    LiveUpdatesConfig,
    OrdersConfig,
    LifecycleConfig,
    OperatorsConfig,
    GatewayConfig,
    PaymentsConfig,
    WebhooksConfig {}

export type { UpstreamConfig } from '../gateway/settings.js';
export type { WebhookSettings } from '../webhooks/settings.js';

export function loadConfig(env: Env = process.env): Config {
  const read = readerOf(SETTINGS, env);
  const platform = readPlatformConfig(read);
  const { production } = platform;
  const orders = readOrdersConfig(read);
  return {
    ...platform,
    ...readHttpConfig(read),
    ...readGraphqlConfig(read, { production }),
    ...readLiveUpdatesConfig(read),
    ...orders,
    ...readLifecycleConfig(read),
    ...readOperatorsConfig(read),
    ...readGatewayConfig(read, { paymentField: orders.legacyPaymentField }),
    ...readPaymentsConfig(read),
    ...readWebhooksConfig(read, { production }),
  };
}
