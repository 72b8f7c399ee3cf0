import { declareSettings, type Reader } from '../platform/config/settings.js';
import type { LifePolicy } from './domain/lifecycle.js';

/** An order's life after payment: offers, giving up, closing, cancelling, and its timers. */
export const LIFECYCLE_SETTINGS = declareSettings({
  OFFER_TIMEOUT_SECONDS: { default: '30', doc: 'how long an operator has to accept an offer before it passes to the next nearest' },
  DISPATCH_GIVE_UP_MINUTES: { default: '15', doc: 'a paid order no operator takes within this is cancelled (reason `no_operator`) and refunded in full' },
  ORDER_CLOSE_AFTER_HOURS: { default: '24', doc: 'a finished order closes itself this long after it finished' },
  CANCELLATION_FEE_PERCENT: { default: '0', doc: "kept of the amount when the owner cancels after an operator accepted; the rest is refunded" },
  ORDER_TIMERS_POLL_MS: { default: '1000', doc: "how often each instance runs the orders' due timers (offers expiring, giving up, closing, refunds)" },
});

export interface LifecycleConfig {
  lifecycle: LifePolicy & { offerRetryMs: number; timersPollMs: number };
}

export function readLifecycleConfig(read: Reader<keyof typeof LIFECYCLE_SETTINGS>): LifecycleConfig {
  const { number } = read;
  return {
    lifecycle: {
      offerTimeoutMs: number('OFFER_TIMEOUT_SECONDS', { min: 1 }) * 1000,
      giveUpAfterMs: number('DISPATCH_GIVE_UP_MINUTES', { min: 0.1 }) * 60_000,
      closeAfterMs: number('ORDER_CLOSE_AFTER_HOURS', { min: 0 }) * 3_600_000,
      cancellationFeePercent: number('CANCELLATION_FEE_PERCENT', { min: 0, max: 100 }),
      // With nobody free to ask, dispatch looks again this often until it gives up.
      offerRetryMs: 10_000,
      timersPollMs: number('ORDER_TIMERS_POLL_MS', { min: 10, integer: true }),
    },
  };
}
