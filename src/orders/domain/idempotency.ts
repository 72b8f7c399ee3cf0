/** A create-order request that carries an Idempotency-Key. */
export interface IdempotentRequest {
  key: string;
  /** What identifies the request's content; the same key with another fingerprint is a reuse. */
  fingerprint: string;
}

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'done'; orderId: number }
  | { kind: 'in-use' }
  | { kind: 'reused' };

export interface IdempotencyStore {
  /**
   * Claims `key` for `fingerprint`, or says who holds it: an order already made for the same
   * request, a request still running, or a request with other content. A claim left without an
   * order for longer than the store's stale limit (its holder died) may be taken over.
   */
  claim(ownerSubject: string, key: string, fingerprint: string, now: Date): Promise<Claim>;
  /** Gives up a claim whose order was not made; a key bound to an order stays. */
  release(ownerSubject: string, key: string): Promise<void>;
}

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
