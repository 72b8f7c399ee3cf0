import type { WebhookEventType } from './event-types.js';

export interface WebhookEndpoint {
  id: string;
  ownerSubject: string;
  url: string;
  /** null: every type, those added later included. */
  events: WebhookEventType[] | null;
  /** `whsec_` and the base64 of the key deliveries are signed with. */
  secret: string;
  /** The secret before the last rotation, still signing with it until `previousSecretUntil`. */
  previousSecret: string | null;
  previousSecretUntil: Date | null;
  createdAt: Date;
}

export type NewWebhookEndpoint = Pick<WebhookEndpoint, 'ownerSubject' | 'url' | 'events' | 'secret' | 'createdAt'>;

/** Endpoints, each seen by its owner only: another owner's id is one that does not exist. */
export interface WebhookEndpointStore {
  /** Stores it, unless its owner already has `limit` endpoints: then null. */
  insert(endpoint: NewWebhookEndpoint, limit: number): Promise<WebhookEndpoint | null>;
  listOf(owner: string): Promise<WebhookEndpoint[]>;
  /** Deletes it and fails its pending deliveries; false when the owner has no such endpoint. */
  remove(id: string, owner: string, at: Date): Promise<boolean>;
  /** The current secret becomes the previous one, signing until `previousUntil`. */
  rotate(id: string, owner: string, secret: string, previousUntil: Date): Promise<WebhookEndpoint | null>;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One try of a delivery: the receiver's HTTP status, or why there was none. */
export interface WebhookAttempt {
  at: Date;
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
}

export interface WebhookDelivery {
  id: string;
  endpointId: string;
  /** The `webhook-id` header: the same on every try and replay, for the receiver to drop repeats. */
  webhookId: string;
  type: WebhookEventType;
  orderId: number;
  status: DeliveryStatus;
  /** Failed tries since it was made or last replayed. */
  attempts: number;
  /** While pending: when it is next tried. */
  nextAttemptAt: Date | null;
  createdAt: Date;
  deliveredAt: Date | null;
  /** Every try, the oldest first. */
  history: WebhookAttempt[];
}

export interface WebhookDeliveryStore {
  /** An endpoint's deliveries, the newest first. */
  listOf(endpointId: string, limit: number): Promise<WebhookDelivery[]>;
  /** Makes the owner's delivery pending and due at `at`, its tries counted afresh. */
  replay(id: string, owner: string, at: Date): Promise<WebhookDelivery | null>;
  /** Forgets the deliveries made before `before` that are done (delivered or failed), with their tries. */
  forgetDone(before: Date): Promise<void>;
}

export interface FanOutPass {
  /** Events read after the cursor; none when no endpoint would take them. */
  read: number;
  /** When the oldest of them happened: how far behind the fan-out was. */
  oldestAt: Date | null;
  /** False when no endpoint is registered: no event goes anywhere, and no delivery is due. */
  endpoints: boolean;
}

/** The order events (the outbox) turned into deliveries, one per subscribed endpoint. */
export interface WebhookOutbox {
  /**
   * Fans out up to `page` events after the cursor and moves the cursor, all in one transaction
   * (none at all while no endpoint is registered); null when another instance is doing it.
   * `sent`: the order events sent, each as its webhook type.
   */
  fanOut(sent: Readonly<Record<string, WebhookEventType>>, now: Date, page: number): Promise<FanOutPass | null>;
}

/** A delivery taken by this instance to be tried now; others leave it until `leaseUntil`. */
export interface ClaimedDelivery {
  id: string;
  webhookId: string;
  type: WebhookEventType;
  /** Failed tries before this one. */
  attempts: number;
  lease: string;
  endpoint: Pick<WebhookEndpoint, 'id' | 'url' | 'secret' | 'previousSecret' | 'previousSecretUntil'>;
  event: { orderId: number; ownerSubject: string; at: Date; status: string; pendingStatus: string | null };
}

export type AfterTry = { status: 'delivered' | 'failed' } | { status: 'pending'; at: Date };

/** How many tries this instance may start per endpoint: `perEndpoint`, less those in flight. */
export interface EndpointRoom {
  perEndpoint: number;
  inFlight: ReadonlyMap<string, number>;
}

export interface DeliveryQueue {
  /** Due deliveries, none behind an earlier pending one of the same order and endpoint. */
  claim(now: Date, leaseUntil: Date, limit: number, room: EndpointRoom): Promise<ClaimedDelivery[]>;
  /** Keeps the try and what follows it; the latter is dropped if the lease was lost (a replay). */
  record(delivery: ClaimedDelivery, attempt: WebhookAttempt, next: AfterTry): Promise<void>;
  /** Gives it back untried, due at `at`. */
  postpone(delivery: ClaimedDelivery, at: Date): Promise<void>;
  /** Deliveries not yet delivered nor failed. */
  pendingCount(): Promise<number>;
}

/** The body of a delivery: its type, when, and the order as of its event. Null: no such order. */
export interface WebhookMessages {
  bodyOf(delivery: ClaimedDelivery): Promise<string | null>;
}

/** Every address a host name has (an address literal is its own), within the deadline; throws when none. */
export interface AddressResolver {
  lookup(host: string, deadlineMs: number): Promise<string[]>;
}

export type PostOutcome =
  | { kind: 'answered'; status: number; durationMs: number }
  | { kind: 'failed'; error: string; durationMs: number }
  /** The endpoint's circuit breaker is open: nothing was sent. */
  | { kind: 'breaker-open'; retryInMs: number };

export interface WebhookSender {
  /** One signed POST to one of `addresses` (those checked), whatever the name resolves to by then. */
  post(
    target: { endpointId: string; url: URL; addresses: string[] },
    message: { webhookId: string; body: string; secrets: string[] },
    deadlineMs: number,
  ): Promise<PostOutcome>;
}
