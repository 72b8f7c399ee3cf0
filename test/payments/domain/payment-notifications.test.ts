import { describe, expect, it } from 'vitest';
import type { NotificationVerifier, PaymentReadback } from '../../../src/payments/domain/events.js';
import { createPaymentNotifications, type NotificationEvent } from '../../../src/payments/domain/notifications.js';
import type { InboxEntry, MarkPaidOutcome, NotificationInbox, OrderPayments } from '../../../src/payments/domain/ports.js';

/** An inbox in memory, with the store's rules: one entry per payment, leased while processed. */
function memoryInbox(): NotificationInbox & { entries: Map<string, InboxEntry & { dueAt: number | null; outcome?: string }> } {
  const entries = new Map<string, InboxEntry & { dueAt: number | null; outcome?: string }>();
  let ids = 0;
  return {
    entries,
    async add(provider, providerPaymentId, now) {
      const key = `${provider} ${providerPaymentId}`;
      const held = entries.get(key);
      if (!held) {
        entries.set(key, { id: ++ids, provider, providerPaymentId, deliveries: 1, attempts: 0, receivedAt: now, dueAt: now.getTime() });
      } else if (held.outcome !== 'applied' && held.outcome !== 'already_paid') {
        Object.assign(held, { dueAt: now.getTime(), deliveries: held.deliveries + 1, attempts: 0 });
      }
    },
    async claimDue(now, limit, leaseMs) {
      const due = [...entries.values()].filter((e) => e.dueAt !== null && e.dueAt <= now.getTime()).slice(0, limit);
      for (const e of due) Object.assign(e, { dueAt: now.getTime() + leaseMs, attempts: e.attempts + 1 });
      return due.map((e) => ({ ...e }));
    },
    async complete(entry, outcome) {
      const held = [...entries.values()].find((e) => e.id === entry.id)!;
      if (held.deliveries === entry.deliveries) Object.assign(held, { dueAt: null, outcome });
    },
    async retryAt(entry, at, outcome) {
      const held = [...entries.values()].find((e) => e.id === entry.id)!;
      if (held.deliveries === entry.deliveries) Object.assign(held, { dueAt: at.getTime(), outcome });
    },
  };
}

/** Orders by reference: what markPaid answers for each, and the references it applied. */
function scriptedOrders(answers: Record<string, MarkPaidOutcome>) {
  const applied: string[] = [];
  const orders: OrderPayments = {
    async markPaid(reference) {
      const answer = answers[reference] ?? 'no_order';
      if (answer === 'applied') {
        applied.push(reference);
        answers[reference] = 'already_paid';
      }
      return answer;
    },
    async expireUnpaid() {
      return 0;
    },
  };
  return { orders, applied };
}

// Genuine when signed "good"; names the payment of its body.
const verifier: NotificationVerifier = {
  verify(headers, _query, body) {
    if (headers.get('signature') !== 'good') return { kind: 'forged', reason: 'bad signature' };
    const id = (body as { id?: string } | undefined)?.id;
    return id ? { kind: 'payment', providerPaymentId: id, requestId: null } : { kind: 'ignored', reason: 'no payment' };
  },
};
const signed = new Headers({ signature: 'good' });

function arrange(payments: Record<string, Partial<PaymentReadback> | Error>, answers: Record<string, MarkPaidOutcome> = {}) {
  let now = new Date('2026-03-01T12:00:00Z');
  const inbox = memoryInbox();
  const { orders, applied } = scriptedOrders(answers);
  const events: NotificationEvent[] = [];
  const reads: string[] = [];
  const notifications = createPaymentNotifications({
    inbox,
    orders,
    clock: () => now,
    readDeadlineMs: 1_000,
    observe: (event) => events.push(event),
    providers: {
      test: {
        verifier,
        reader: {
          async readPayment(id) {
            reads.push(id);
            const payment = payments[id];
            if (payment instanceof Error) throw payment;
            return Object.assign({ providerPaymentId: id, reference: null, state: 'pending', providerStatus: '', amount: 100, currency: 'CLP' }, payment);
          },
        },
      },
    },
  });
  const receive = (id: string, headers = signed) => notifications.receive('test', headers, new URLSearchParams(), { id });
  const advance = (ms: number) => (now = new Date(now.getTime() + ms));
  return { notifications, receive, inbox, applied, events, reads, advance };
}

describe('receiving a payment notification', () => {
  it('when it is forged, then it is refused and nothing is kept or read', async () => {
    const { receive, inbox, reads } = arrange({});

    expect(await receive('p-1', new Headers({ signature: 'forged' }))).toBe('forged');
    expect([inbox.entries.size, reads]).toEqual([0, []]);
  });

  it('when no provider has that name, then it is refused as unknown', async () => {
    const { notifications } = arrange({});

    expect(await notifications.receive('other', signed, new URLSearchParams(), {})).toBe('unknown_provider');
  });

  it('when it names a paid payment of a waiting order, then the payment is read back and applied', async () => {
    const { receive, notifications, applied, events } = arrange({ 'p-1': { reference: 'ref-1', state: 'paid' } }, { 'ref-1': 'applied' });

    expect(await receive('p-1')).toBe('payment');
    await notifications.drain();

    expect(applied).toEqual(['ref-1']);
    expect(events).toEqual(['verified', 'applied']);
  });

  it('when the same notification comes again, then it is one entry, and the order is paid once', async () => {
    const { receive, notifications, inbox, applied } = arrange({ 'p-1': { reference: 'ref-1', state: 'paid' } }, { 'ref-1': 'applied' });

    await Promise.all([receive('p-1'), receive('p-1')]);
    await notifications.drain();
    await receive('p-1');
    await notifications.drain();

    expect(inbox.entries.size).toBe(1);
    expect(applied).toEqual(['ref-1']);
  });

  it('when the payment is not paid yet, then nothing is applied until a later notification finds it paid', async () => {
    const payments: Record<string, Partial<PaymentReadback>> = { 'p-1': { reference: 'ref-1', state: 'pending' } };
    const { receive, notifications, applied } = arrange(payments, { 'ref-1': 'applied' });

    await receive('p-1');
    await notifications.drain();
    const before = [...applied];
    payments['p-1'] = { reference: 'ref-1', state: 'paid' };
    await receive('p-1');
    await notifications.drain();

    expect(before).toEqual([]);
    expect(applied).toEqual(['ref-1']);
  });
});

describe('processing kept notifications', () => {
  it('when the order is not there yet, then the entry is retried later and applied once it is', async () => {
    const answers: Record<string, MarkPaidOutcome> = {};
    const { receive, notifications, applied, advance, inbox } = arrange({ 'p-1': { reference: 'ref-1', state: 'paid' } }, answers);

    await receive('p-1');
    await notifications.drain();
    const kept = [...inbox.entries.values()][0]!.outcome;
    answers['ref-1'] = 'applied';
    await notifications.drain();
    const tooSoon = [...applied];
    advance(60_000);
    await notifications.drain();

    expect(kept).toBe('no_order_yet');
    expect(tooSoon).toEqual([]);
    expect(applied).toEqual(['ref-1']);
  });

  it('when the provider fails to answer, then the entry is retried later', async () => {
    const payments: Record<string, Partial<PaymentReadback> | Error> = { 'p-1': new Error('503') };
    const { receive, notifications, applied, advance, reads } = arrange(payments, { 'ref-1': 'applied' });

    await receive('p-1');
    await notifications.drain();
    payments['p-1'] = { reference: 'ref-1', state: 'paid' };
    advance(60_000);
    await notifications.drain();

    expect(reads).toEqual(['p-1', 'p-1']);
    expect(applied).toEqual(['ref-1']);
  });

  it('when the order never shows up, then the entry is given up after its attempts, and said so', async () => {
    const { receive, notifications, advance, events, inbox } = arrange({ 'p-1': { reference: 'ref-1', state: 'paid' } });

    await receive('p-1');
    for (let i = 0; i < 40; i++) {
      await notifications.drain();
      advance(600_000);
    }

    expect(events.filter((e) => e === 'retry')).toHaveLength(29);
    expect(events.at(-1)).toBe('gave_up');
    expect([...inbox.entries.values()][0]!.dueAt).toBeNull();
  });

  it.each([
    ['a payment made elsewhere (no reference)', { state: 'paid' as const }, 'not_ours'],
    ['a refused payment', { reference: 'ref-1', state: 'failed' as const }, 'not_paid'],
  ])('when it is %s, then it is done with, and nothing is applied', async (_, payment, event) => {
    const { receive, notifications, applied, events } = arrange({ 'p-1': payment }, { 'ref-1': 'applied' });

    await receive('p-1');
    await notifications.drain();

    expect(applied).toEqual([]);
    expect(events.at(-1)).toBe(event);
  });
});
