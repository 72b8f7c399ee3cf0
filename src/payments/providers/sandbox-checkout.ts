import { randomUUID } from 'node:crypto';
import { createJsonClient } from '../../platform/outbound/json-client.js';
import type { SandboxLink, SandboxLinks } from './sandbox-links.js';
import { signedSandboxNotification } from './sandbox-notifications.js';

export const SANDBOX_NOTIFICATION_PATH = '/payments/notifications/sandbox';

export interface SandboxCheckoutOptions {
  links: SandboxLinks;
  /** Where notifications go: this service as the outside reaches it (PUBLIC_URL). */
  publicUrl: string;
  secret: string;
  /** Deadline of one delivery. */
  timeoutMs: number;
  clock?: () => Date;
  /** Waits between deliveries of a notification that was not taken; a provider retries too. */
  retryDelaysMs?: readonly number[];
  onProblem?: (problem: string, detail: Record<string, unknown>) => void;
}

/** Whether the payer's action was taken, and the link as it now stands (null: no such link). */
export interface CheckoutOutcome {
  done: boolean;
  link: SandboxLink | null;
}

/**
 * What the payer does on a sandbox page. Paying records a payment and notifies the service's
 * notification route through PUBLIC_URL, signed, exactly as a provider would: the order changes
 * only through that route, on whichever instance takes it.
 */
export function createSandboxCheckout(options: SandboxCheckoutOptions) {
  const { links, secret } = options;
  const clock = options.clock ?? (() => new Date());
  const retryDelaysMs = options.retryDelaysMs ?? [1_000, 5_000, 30_000];
  const client = createJsonClient(options.publicUrl, { service: 'sandbox-notifications', timeoutMs: options.timeoutMs, connections: 4 });
  const problem = options.onProblem ?? (() => {});

  /** One delivery; true when the route took it (2xx). */
  async function deliver(paymentId: string): Promise<boolean> {
    const { headers, body } = signedSandboxNotification(secret, paymentId, clock().getTime());
    try {
      const answer = await client.request({ method: 'POST', path: SANDBOX_NOTIFICATION_PATH, headers, body });
      if (answer.status >= 200 && answer.status < 300) return true;
      problem('sandbox notification refused', { paymentId, status: answer.status });
    } catch (error) {
      problem('sandbox notification not delivered', { paymentId, err: error });
    }
    return false;
  }

  /** Delivers now; when that fails, again later in the background, a few times. */
  async function notify(paymentId: string): Promise<void> {
    if (await deliver(paymentId)) return;
    void (async () => {
      for (const ms of retryDelaysMs) {
        await new Promise((resolve) => setTimeout(resolve, ms).unref());
        if (await deliver(paymentId)) return;
      }
      problem('sandbox notification given up', { paymentId });
    })();
  }

  async function pay(reference: string): Promise<CheckoutOutcome> {
    const paymentId = randomUUID();
    if (!(await links.markPaid(reference, paymentId, clock()))) return { done: false, link: await links.find(reference, clock()) };
    await notify(paymentId);
    return { done: true, link: await links.find(reference, clock()) };
  }

  async function cancel(reference: string): Promise<CheckoutOutcome> {
    const link = await links.find(reference, clock());
    if (!link || link.state !== 'open') return { done: false, link };
    const done = await links.markCancelled(reference, clock());
    return { done, link: await links.find(reference, clock()) };
  }

  return { pay, cancel, close: () => client.close() };
}

export type SandboxCheckout = ReturnType<typeof createSandboxCheckout>;
