import { ConfigError, declareSettings, type Reader } from '../platform/config/settings.js';
import type { PaymentSettings } from './providers/payment-stack.js';
import { SANDBOX_MODES } from './providers/sandbox.js';

/** Which provider makes payment links and refunds, its deadlines, and the sandbox's behaviour. */
export const PAYMENT_SETTINGS = declareSettings({
  PAYMENTS_PROVIDER: { default: 'sandbox', doc: '`sandbox` (the service\'s own test checkout) or `mercado_pago` (Checkout Pro)' },
  PAYMENT_TIMEOUT_MS: { default: '5000', doc: 'deadline of one call to the payment provider; a link not made within it refuses the order (502)' },
  PAYMENT_LINK_TTL_MINUTES: { default: '30', doc: 'an unpaid payment link expires after this and its order is cancelled; `0`: never' },
  PAYMENT_NOTIFICATIONS_POLL_SECONDS: { default: '5', doc: 'how often kept payment notifications that are due (retries) are processed' },
  PAYMENTS_SANDBOX_MODE: { default: 'ok', doc: 'the sandbox: `ok`, `fail` (every link and refund fails: orders answer 502), `slow` (links and refunds take PAYMENTS_SANDBOX_DELAY_MS), `refund_fail` or `refund_slow` (refunds alone)' },
  PAYMENTS_SANDBOX_DELAY_MS: { default: '10000', doc: 'how long the sandbox takes to make a link, or to answer a refund, in the slow modes' },
  PAYMENTS_SANDBOX_SECRET: { default: '', doc: 'the secret the sandbox signs its notifications with; default derived from the HS256 secret in force' },
  MERCADO_PAGO_ACCESS_TOKEN: { default: '', doc: "the Mercado Pago application's access token (`APP_USR-…`, or `TEST-…`)" },
  MERCADO_PAGO_WEBHOOK_SECRET: { default: '', doc: "the application's webhook secret signature, to verify its notifications" },
  MERCADO_PAGO_API_URL: { default: 'https://api.mercadopago.com', doc: "where Mercado Pago's API is reached" },
  MERCADO_PAGO_TEST_CHECKOUT: { default: 'false', doc: '`true`: hand out the preference\'s `sandbox_init_point` instead of its `init_point`' },
  MERCADO_PAGO_BACK_URL: { default: '', doc: "where the payer's browser returns after paying (Checkout Pro `back_urls`); none when unset" },
});

export interface PaymentsConfig {
  payments: PaymentSettings;
}

export function readPaymentsConfig(read: Reader<keyof typeof PAYMENT_SETTINGS>): PaymentsConfig {
  const { get, number } = read;
  const provider = get('PAYMENTS_PROVIDER');
  if (provider !== 'sandbox' && provider !== 'mercado_pago') {
    throw new ConfigError(`PAYMENTS_PROVIDER=${provider} must be sandbox or mercado_pago`);
  }
  const mode = read.oneOf('PAYMENTS_SANDBOX_MODE', SANDBOX_MODES);
  const accessToken = get('MERCADO_PAGO_ACCESS_TOKEN');
  const webhookSecret = get('MERCADO_PAGO_WEBHOOK_SECRET');
  if (provider === 'mercado_pago' && (!accessToken || !webhookSecret)) {
    throw new ConfigError('PAYMENTS_PROVIDER=mercado_pago needs MERCADO_PAGO_ACCESS_TOKEN and MERCADO_PAGO_WEBHOOK_SECRET');
  }
  const ttlMinutes = number('PAYMENT_LINK_TTL_MINUTES', { min: 0, max: 60 * 24 * 30 });
  return {
    payments: {
      provider,
      timeoutMs: number('PAYMENT_TIMEOUT_MS', { min: 100, max: 60_000, integer: true }),
      linkTtlMs: ttlMinutes > 0 ? ttlMinutes * 60_000 : null,
      pollMs: number('PAYMENT_NOTIFICATIONS_POLL_SECONDS', { min: 0.1, max: 3600 }) * 1000,
      sandbox: {
        mode,
        delayMs: number('PAYMENTS_SANDBOX_DELAY_MS', { min: 0, max: 600_000, integer: true }),
        secret: get('PAYMENTS_SANDBOX_SECRET') || null,
      },
      mercadoPago:
        provider === 'mercado_pago'
          ? {
              accessToken,
              webhookSecret,
              apiUrl: read.httpUrl('MERCADO_PAGO_API_URL'),
              testCheckout: read.flag('MERCADO_PAGO_TEST_CHECKOUT', false),
              backUrl: read.httpUrl('MERCADO_PAGO_BACK_URL') || null,
            }
          : null,
    },
  };
}
