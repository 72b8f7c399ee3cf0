import { setTimeout as sleep } from 'node:timers/promises';
import type { PaymentProvider } from '../core/payments/ports.js';
import type { SandboxLinks } from './sandbox-links.js';

export const SANDBOX_PATH = '/sandbox/payments/';

/** How the sandbox makes links: as a provider that works, one that is down, or one that is slow. */
export type SandboxMode = 'ok' | 'fail' | 'slow';
export const SANDBOX_MODES: readonly SandboxMode[] = ['ok', 'fail', 'slow'];

export class SandboxFailure extends Error {}

export interface SandboxOptions {
  publicUrl: string;
  links: SandboxLinks;
  mode?: SandboxMode;
  /** How long a link takes to make in `slow` mode. */
  delayMs?: number;
  clock?: () => Date;
}

/**
 * A stand-in for a payment provider: its links point at this service's sandbox page, where a
 * payer pays or cancels. It keys links by our reference and writes nothing to make one; paying
 * and voiding are kept in the store (see SandboxLinks).
 */
export function createSandboxPayments(options: SandboxOptions): PaymentProvider {
  const { publicUrl, links, mode = 'ok', delayMs = 10_000 } = options;
  const clock = options.clock ?? (() => new Date());
  return {
    async createPaymentLink({ reference }, signal) {
      if (mode === 'fail') throw new SandboxFailure('the sandbox is set to fail (PAYMENTS_SANDBOX_MODE=fail)');
      if (mode === 'slow') await sleep(delayMs, undefined, { signal });
      return { url: `${publicUrl}${SANDBOX_PATH}${encodeURIComponent(reference)}` };
    },
    async cancelPaymentLink(reference) {
      await links.markCancelled(reference, clock());
    },
  };
}
