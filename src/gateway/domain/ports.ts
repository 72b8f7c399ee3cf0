import type { LegacyOutcome } from './legacy-outcome.js';
import type { OrderRequest } from '../../orders/domain/order-request.js';
import type { Caller } from '../../orders/domain/ports.js';

/** The legacy order service, `POST {base}/applications/orders`. */
export interface LegacyOrderService {
  /**
   * Asks for the order once, never again: what came of it, never a rejection. `authorization` is
   * the caller's header as received, forwarded when the gateway has no token of its own.
   */
  createOrder(request: OrderRequest, authorization: string | null): Promise<LegacyOutcome>;
}

/** A caller whose Authorization header travels with it, for the legacy service to check. */
export interface ForwardingCaller extends Caller {
  authorization?: string | null;
}

/** An order the legacy made, as kept: its id is the legacy's. */
export interface GatewayOrderRecord {
  id: number;
  ownerSubject: string;
  /** The legacy's answer as received. */
  body: string;
  createdAt: Date;
}

export interface GatewayOrderStore {
  /** Keeps the order; with a key, binds that claimed Idempotency-Key to it in the same write. */
  insert(record: GatewayOrderRecord, idempotencyKey?: string): Promise<void>;
  findById(id: number, ownerSubject: string): Promise<GatewayOrderRecord | null>;
  /** The owner's kept orders, newest first (by the legacy's id), those before `before` if given. */
  listByOwner(ownerSubject: string, page: { before?: number; limit: number }): Promise<GatewayOrderRecord[]>;
}

/** Where claimed Idempotency-Keys are kept (see src/gateway/store/gateway-idempotency-store.ts). */
export interface OutcomeLedger {
  /**
   * The legacy call of a claimed key may have made an order that we did not get: the key keeps
   * its claim for good, and is refused from then on. Never rejects.
   */
  markOutcomeUnknown(ownerSubject: string, key: string): Promise<void>;
}

/** pino's shape, without pino: the core imports no adapter. */
export interface GatewayLog {
  warn(data: object, message: string): void;
  error(data: object, message: string): void;
}

/** What a metrics registry counts; both optional. */
export interface GatewayObserver {
  /** One legacy call: its outcome (the LegacyOutcome's kind, or `breaker-open`) and its duration. */
  call?(outcome: string, ms: number): void;
  /** A value read as the documented one it misspells (the field's name). */
  correction?(field: string): void;
}
