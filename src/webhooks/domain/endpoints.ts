import { InvalidInputError, WebhookDeliveryNotFoundError, WebhookEndpointNotFoundError } from '../../platform/errors.js';
import type { Caller } from '../../orders/domain/ports.js';
import { refusedAmong } from './addresses.js';
import { endpointUrl, hostOf } from './endpoint-url.js';
import { eventFilter } from './event-types.js';
import type { AddressResolver, WebhookDelivery, WebhookDeliveryStore, WebhookEndpoint, WebhookEndpointStore } from './ports.js';

// Every event of an owner is sent to each of its endpoints: a bound keeps one token from making
// the service send thousands of requests per order.
export const MAX_ENDPOINTS_PER_OWNER = 20;
const MAX_DELIVERIES_LISTED = 100;
// Deliveries done (delivered or failed) are kept this long for webhookDeliveries and replays.
const KEEP_DONE_DELIVERIES_MS = 30 * 24 * 3_600_000;

export interface WebhookEndpointsDeps {
  endpoints: WebhookEndpointStore;
  deliveries: WebhookDeliveryStore;
  resolver: AddressResolver;
  /** A new `whsec_…` secret. */
  newSecret: () => string;
  clock: () => Date;
  /** WEBHOOKS_ALLOW_PRIVATE_URLS. */
  allowPrivateAddresses: boolean;
  httpsOnly: boolean;
  lookupDeadlineMs: number;
  /** How long the previous secret still signs after a rotation. */
  secretOverlapMs: number;
  /** Told when a delivery has been made due now (a replay). */
  onDue?: () => void;
}

export interface EndpointInput {
  url: string;
  events?: readonly string[] | null;
}

// Ids are the store's positive integers; anything else names nothing.
const isId = (id: string) => /^[1-9][0-9]{0,17}$/.test(id);

/** What an owner does with its webhook endpoints; every operation sees the caller's own only. */
export function createWebhookEndpoints(deps: WebhookEndpointsDeps) {
  const { endpoints, deliveries, clock } = deps;

  /** A URL whose name resolves to any non-public address is refused, unless they are allowed. */
  async function checkReachable(url: URL): Promise<void> {
    if (deps.allowPrivateAddresses) return;
    let addresses: string[];
    try {
      addresses = await deps.resolver.lookup(hostOf(url), deps.lookupDeadlineMs);
    } catch {
      throw new InvalidInputError('url', 'debe nombrar un host que se pueda resolver');
    }
    const refused = refusedAmong(addresses);
    // The message names the setting that lifts the rule: a developer trying a local receiver
    // learns there what to turn on, and an integrator of a deployment learns it is deliberate.
    if (refused) {
      throw new InvalidInputError(
        'url',
        `debe apuntar a una dirección pública (${refused.address || url.hostname} no lo es); las demás solo se admiten con WEBHOOKS_ALLOW_PRIVATE_URLS=true`,
      );
    }
  }

  async function register(caller: Caller, input: EndpointInput): Promise<WebhookEndpoint> {
    const url = endpointUrl(input.url, deps);
    const events = eventFilter(input.events);
    await checkReachable(url);
    const stored = await endpoints.insert(
      { ownerSubject: caller.subject, url: url.href, events, secret: deps.newSecret(), createdAt: clock() },
      MAX_ENDPOINTS_PER_OWNER,
    );
    if (!stored) throw new InvalidInputError('url', `no se puede agregar: ya hay ${MAX_ENDPOINTS_PER_OWNER} endpoints registrados, el máximo`);
    return stored;
  }

  async function ownEndpoint(caller: Caller, id: string): Promise<WebhookEndpoint> {
    const endpoint = isId(id) ? (await endpoints.listOf(caller.subject)).find((e) => e.id === id) : undefined;
    if (!endpoint) throw new WebhookEndpointNotFoundError(id);
    return endpoint;
  }

  return {
    register,
    list: (caller: Caller): Promise<WebhookEndpoint[]> => endpoints.listOf(caller.subject),

    async remove(caller: Caller, id: string): Promise<string> {
      if (!isId(id) || !(await endpoints.remove(id, caller.subject, clock()))) throw new WebhookEndpointNotFoundError(id);
      return id;
    },

    async rotateSecret(caller: Caller, id: string): Promise<WebhookEndpoint> {
      const until = new Date(clock().getTime() + deps.secretOverlapMs);
      const rotated = isId(id) ? await endpoints.rotate(id, caller.subject, deps.newSecret(), until) : null;
      if (!rotated) throw new WebhookEndpointNotFoundError(id);
      return rotated;
    },

    async deliveries(caller: Caller, endpointId: string): Promise<WebhookDelivery[]> {
      const endpoint = await ownEndpoint(caller, endpointId);
      return deliveries.listOf(endpoint.id, MAX_DELIVERIES_LISTED);
    },

    async replay(caller: Caller, id: string): Promise<WebhookDelivery> {
      const replayed = isId(id) ? await deliveries.replay(id, caller.subject, clock()) : null;
      if (!replayed) throw new WebhookDeliveryNotFoundError(id);
      deps.onDue?.();
      return replayed;
    },

    /** Forgets the deliveries done more than 30 days ago; run now and then. */
    purge: () => deliveries.forgetDone(new Date(clock().getTime() - KEEP_DONE_DELIVERIES_MS)),
  };
}

export type WebhookEndpoints = ReturnType<typeof createWebhookEndpoints>;
