import { withinDeadline } from '../../platform/deadline.js';
import type { NotificationVerdict, NotificationVerifier, PaymentReader } from './events.js';
import type { InboxEntry, NotificationInbox, OrderPayments } from './ports.js';

export interface NotificationProvider {
  verifier: NotificationVerifier;
  reader: PaymentReader;
}

/** What happened to a notification, for metrics: received (verified, forged, ignored), then processed. */
export type NotificationEvent =
  | 'verified'
  | 'forged'
  | 'ignored'
  | 'applied'
  | 'already_paid'
  | 'not_paid'
  | 'not_ours'
  | 'not_payable'
  | 'amount_mismatch'
  | 'retry'
  | 'gave_up';

export interface PaymentNotificationsDeps {
  inbox: NotificationInbox;
  orders: OrderPayments;
  /** The providers whose notifications are taken, by the name in their route. */
  providers: Readonly<Record<string, NotificationProvider>>;
  clock: () => Date;
  /** Deadline of reading one payment back from its provider. */
  readDeadlineMs: number;
  observe?: (event: NotificationEvent, provider: string) => void;
  /** Failures that are retried later (a provider or the store down), and entries given up. */
  onProblem?: (problem: string, detail: Record<string, unknown>) => void;
}

const BATCH = 16;
// Longer than a payment read's deadline and the writes after it: an entry is never taken twice
// while it is processed, and is taken again this long after an instance died processing it.
const LEASE_MS = 60_000;
// Retries back off from 2 s, doubling, to 5 minutes apart; after this many attempts (about two
// hours) the entry is given up and said so: an order that never shows up is not coming.
const MAX_ATTEMPTS = 30;
const MAX_BACKOFF_MS = 300_000;

export type ReceiveOutcome = 'unknown_provider' | NotificationVerdict['kind'];

/**
 * Payment notifications: `receive` checks one and keeps it (the route answers at once), and
 * `drain` reads each kept payment back from its provider and applies it to its order. Kept in
 * the store, a notification survives a restart and is processed by whichever instance is free,
 * also when it arrived before the order's insert was visible: that entry is retried later.
 */
export function createPaymentNotifications(deps: PaymentNotificationsDeps) {
  const { inbox, providers, clock } = deps;
  const observe = deps.observe ?? (() => {});
  const problem = deps.onProblem ?? (() => {});

  async function receive(provider: string, headers: Headers, query: URLSearchParams, body: unknown): Promise<ReceiveOutcome> {
    const known = Object.hasOwn(providers, provider) ? providers[provider] : undefined;
    if (!known) return 'unknown_provider';
    const verdict = known.verifier.verify(headers, query, body);
    // Counted, not logged: anyone can post forgeries, and each would be a log line.
    if (verdict.kind === 'forged') {
      observe('forged', provider);
      return 'forged';
    }
    if (verdict.kind === 'ignored') {
      observe('ignored', provider);
      return 'ignored';
    }
    await inbox.add(provider, verdict.providerPaymentId, clock());
    observe('verified', provider);
    void drain();
    return 'payment';
  }

  async function processOne(entry: InboxEntry): Promise<void> {
    const { provider } = entry;
    const done = (outcome: NotificationEvent) => {
      observe(outcome, provider);
      return inbox.complete(entry, outcome);
    };
    const later = (outcome: string, detail: Record<string, unknown> = {}) => {
      if (entry.attempts >= MAX_ATTEMPTS) {
        problem('payment notification given up', Object.assign({ provider, payment: entry.providerPaymentId, outcome }, detail));
        return done('gave_up');
      }
      observe('retry', provider);
      const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** entry.attempts);
      return inbox.retryAt(entry, new Date(clock().getTime() + backoff), outcome);
    };

    const reader = providers[provider]?.reader;
    if (!reader) return done('not_ours');
    let payment;
    try {
      payment = await withinDeadline(deps.readDeadlineMs, (signal) => reader.readPayment(entry.providerPaymentId, signal));
    } catch (error) {
      problem('reading a payment back failed', { provider, payment: entry.providerPaymentId, err: error });
      return later('read_failed');
    }
    if (!payment.reference) return done('not_ours');
    if (payment.state !== 'paid') return done('not_paid');
    const outcome = await deps.orders.markPaid(payment.reference, payment, clock());
    if (outcome === 'no_order') return later('no_order_yet');
    if (outcome === 'amount_mismatch' || outcome === 'not_payable') {
      problem(`paid payment not applied: ${outcome}`, { provider, payment: entry.providerPaymentId, reference: payment.reference });
    }
    return done(outcome);
  }

  /** Processes the entries due now, a batch at a time; an entry that fails is retried when its lease ends. */
  async function processDue(): Promise<number> {
    let handled = 0;
    for (;;) {
      const entries = await inbox.claimDue(clock(), BATCH, LEASE_MS);
      await Promise.all(
        entries.map((entry) =>
          processOne(entry).catch((error: unknown) => problem('processing a payment notification failed', { err: error })),
        ),
      );
      handled += entries.length;
      if (entries.length < BATCH) return handled;
    }
  }

  // One drain at a time per instance; a notification kept meanwhile makes it run once more.
  let draining: Promise<void> | null = null;
  let again = false;
  function drain(): Promise<void> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      do {
        again = false;
        await processDue().catch((error: unknown) => problem('processing payment notifications failed', { err: error }));
      } while (again);
    })().finally(() => {
      draining = null;
    });
    return draining;
  }

  return { receive, drain };
}

export type PaymentNotifications = ReturnType<typeof createPaymentNotifications>;
