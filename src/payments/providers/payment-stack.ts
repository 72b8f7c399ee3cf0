import type { NotificationProvider } from '../domain/notifications.js';
import type { PaymentProvider } from '../domain/ports.js';
import { createMercadoPagoNotifications } from './mercado-pago-notifications.js';
import { createMercadoPagoPayments } from './mercado-pago.js';
import { observedPayments, observedReader, type PaymentCallObserver } from './observed-payments.js';
import { createSandboxPayments, type SandboxMode } from './sandbox.js';
import { createSandboxCheckout, type SandboxCheckout } from './sandbox-checkout.js';
import type { SandboxLinks } from './sandbox-links.js';
import { createSandboxReader, createSandboxVerifier } from './sandbox-notifications.js';

export interface PaymentSettings {
  provider: 'sandbox' | 'mercado_pago';
  /** Deadline of one call to the provider. */
  timeoutMs: number;
  /** How long a link stays payable; null: for ever. */
  linkTtlMs: number | null;
  /** How often due notifications are processed. */
  pollMs: number;
  sandbox: { mode: SandboxMode; delayMs: number; secret: string | null };
  mercadoPago: {
    accessToken: string;
    webhookSecret: string;
    apiUrl: string;
    testCheckout: boolean;
    backUrl: string | null;
  } | null;
}

export interface PaymentStackDeps {
  settings: PaymentSettings;
  /** This service as providers and payers reach it. */
  publicUrl: string;
  /** The sandbox's links in the store. */
  links: SandboxLinks;
  /** What the sandbox signs its notifications with (settings.sandbox.secret, or one derived). */
  sandboxSecret: string;
  clock: () => Date;
  observe?: PaymentCallObserver;
  onProblem?: (problem: string, detail: Record<string, unknown>) => void;
}

export interface PaymentStack {
  provider: PaymentProvider;
  /** The configured provider's notifications, by the name in their route. */
  notificationProviders: Record<string, NotificationProvider>;
  /** The sandbox's page, Pay and Cancel; null when another provider is configured. */
  sandbox: { links: SandboxLinks; checkout: SandboxCheckout } | null;
  close(): Promise<void>;
}

export const MERCADO_PAGO_ROUTE = 'mercado-pago';
export const SANDBOX_ROUTE = 'sandbox';
export const notificationUrl = (publicUrl: string, route: string) => `${publicUrl}/payments/notifications/${route}`;

/** The configured payment provider, with its notifications' verifier and payment reader. */
export function createPaymentStack(deps: PaymentStackDeps): PaymentStack {
  const { settings, publicUrl, clock } = deps;
  const observe = deps.observe ?? (() => {});
  const mp = settings.mercadoPago;
  if (settings.provider === 'mercado_pago' && mp) {
    const payments = createMercadoPagoPayments({
      accessToken: mp.accessToken,
      notificationUrl: notificationUrl(publicUrl, MERCADO_PAGO_ROUTE),
      baseUrl: mp.apiUrl,
      timeoutMs: settings.timeoutMs,
      sandbox: mp.testCheckout,
      clock,
      ...(mp.backUrl ? { backUrls: { success: mp.backUrl, pending: mp.backUrl, failure: mp.backUrl } } : {}),
    });
    const notifications = createMercadoPagoNotifications({
      webhookSecret: mp.webhookSecret,
      accessToken: mp.accessToken,
      baseUrl: mp.apiUrl,
      timeoutMs: settings.timeoutMs,
    });
    return {
      provider: observedPayments(payments, MERCADO_PAGO_ROUTE, observe),
      notificationProviders: {
        [MERCADO_PAGO_ROUTE]: { verifier: notifications, reader: observedReader(notifications, MERCADO_PAGO_ROUTE, observe) },
      },
      sandbox: null,
      close: async () => {
        await Promise.all([payments.close(), notifications.close()]);
      },
    };
  }

  const { links } = deps;
  const sandbox = createSandboxPayments({ publicUrl, links, mode: settings.sandbox.mode, delayMs: settings.sandbox.delayMs, clock });
  const checkout = createSandboxCheckout({
    links,
    publicUrl,
    secret: deps.sandboxSecret,
    timeoutMs: settings.timeoutMs,
    clock,
    onProblem: deps.onProblem,
  });
  return {
    provider: observedPayments(sandbox, SANDBOX_ROUTE, observe),
    notificationProviders: {
      [SANDBOX_ROUTE]: {
        verifier: createSandboxVerifier(deps.sandboxSecret, () => clock().getTime()),
        reader: observedReader(createSandboxReader(links), SANDBOX_ROUTE, observe),
      },
    },
    sandbox: { links, checkout },
    close: () => checkout.close(),
  };
}
