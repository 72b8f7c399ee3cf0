import { LRUCache } from 'lru-cache';
import type { PaymentLink, PaymentLinkRequest, PaymentProvider } from '../domain/ports.js';
import { toMajorUnits } from '../../orders/domain/pricing.js';
import { createJsonClient, OutboundError } from '../../platform/outbound/json-client.js';
import { MERCADO_PAGO as SERVICE, refused } from './mercado-pago-errors.js';
import { createMercadoPagoRefunds } from './mercado-pago-refunds.js';

export const MERCADO_PAGO_API_URL = 'https://api.mercadopago.com';

export interface MercadoPagoOptions {
  accessToken: string;
  /** This service's public HTTPS route for Mercado Pago's payment notifications. */
  notificationUrl: string;
  /** https://api.mercadopago.com unless a test points it elsewhere. */
  baseUrl?: string;
  timeoutMs: number;
  /** Where the payer's browser returns after paying (Checkout Pro `back_urls`). */
  backUrls?: { success?: string; pending?: string; failure?: string };
  /** Test credentials pay at sandbox_init_point instead of init_point. */
  sandbox?: boolean;
  connections?: number;
  clock?: () => Date;
}

/** linkId is the preference's id: kept with the order, it voids the link without a search. */
export interface MercadoPagoLink extends PaymentLink {
  linkId: string;
}

export interface MercadoPagoPayments extends PaymentProvider {
  createPaymentLink(request: PaymentLinkRequest, signal?: AbortSignal): Promise<MercadoPagoLink>;
  close(): Promise<void>;
}

/**
 * Mercado Pago Checkout Pro: one preference per order, keyed by our reference
 * (`external_reference`, and the `X-Idempotency-Key`, so a retried creation is the same
 * preference), its `init_point` handed out as the payment link. Voiding a link expires its
 * preference: Checkout Pro has no delete, and an expired preference cannot be paid. Refunds go
 * through the Payments API (see mercado-pago-refunds.ts).
 * https://www.mercadopago.cl/developers/en/reference/preferences/_checkout_preferences/post
 * https://www.mercadopago.cl/developers/en/reference/preferences/_checkout_preferences_id/put
 */
export function createMercadoPagoPayments(options: MercadoPagoOptions): MercadoPagoPayments {
  const client = createJsonClient(options.baseUrl ?? MERCADO_PAGO_API_URL, {
    service: SERVICE,
    timeoutMs: options.timeoutMs,
    connections: options.connections,
  });
  const clock = options.clock ?? (() => new Date());
  const auth = { authorization: `Bearer ${options.accessToken}` };
  // The preference of each recent reference, so that voiding a link right after a failed
  // store needs no search. Bounded: a reference forgotten here is found by searching.
  const recent = new LRUCache<string, string>({ max: 10_000 });

  async function createPaymentLink(request: PaymentLinkRequest, signal?: AbortSignal): Promise<MercadoPagoLink> {
    const { reference, amount, currency, description } = request;
    const body = {
      items: [{ id: reference, title: description, quantity: 1, unit_price: toMajorUnits(amount, currency), currency_id: currency }],
      external_reference: reference,
      notification_url: webhooksOnly(options.notificationUrl),
      ...preferenceExtras(options.backUrls, request.expiresAt, clock()),
    };
    const headers = { 'x-idempotency-key': reference, ...auth };
    const answer = await client.request({ method: 'POST', path: '/checkout/preferences', headers, body, signal });
    if (answer.status !== 201 && answer.status !== 200) throw refused(answer.status, answer.body);
    const created = answer.body as { id?: unknown; init_point?: unknown; sandbox_init_point?: unknown };
    const url = options.sandbox ? created.sandbox_init_point : created.init_point;
    if (typeof created.id !== 'string' || !created.id || typeof url !== 'string' || !/^https?:\/\//.test(url)) {
      throw new OutboundError(SERVICE, 'malformed', 'yes', 'preference without id or init_point', answer.status);
    }
    recent.set(reference, created.id);
    return { url, linkId: created.id };
  }

  async function cancelPaymentLink(reference: string, preferenceId?: string): Promise<void> {
    const known = preferenceId ?? recent.get(reference);
    const ids = known ? [known] : await search(reference);
    const now = clock().getTime();
    // Both ends in the past (from before to, as Mercado Pago requires), a minute of margin for
    // a clock that runs behind Mercado Pago's.
    const body = { expires: true, expiration_date_from: iso(new Date(now - 120_000)), expiration_date_to: iso(new Date(now - 60_000)) };
    for (const id of ids) {
      const answer = await client.request({ method: 'PUT', path: `/checkout/preferences/${encodeURIComponent(id)}`, headers: auth, body });
      if (answer.status !== 200) throw refused(answer.status, answer.body);
    }
    recent.delete(reference);
  }

  async function search(reference: string): Promise<string[]> {
    const path = `/checkout/preferences/search?external_reference=${encodeURIComponent(reference)}`;
    const answer = await client.request({ method: 'GET', path, headers: auth });
    if (answer.status !== 200) throw refused(answer.status, answer.body);
    const { elements } = (answer.body ?? {}) as { elements?: unknown };
    if (!Array.isArray(elements)) throw new OutboundError(SERVICE, 'malformed', 'yes', 'search without elements', 200);
    return elements.map((e: { id?: unknown }) => e?.id).filter((id): id is string => typeof id === 'string');
  }

  const refundPayment = createMercadoPagoRefunds({ client, accessToken: options.accessToken, timeoutMs: options.timeoutMs });

  return { createPaymentLink, cancelPaymentLink, refundPayment, close: () => client.close() };
}

function preferenceExtras(backUrls: MercadoPagoOptions['backUrls'], expiresAt: Date | undefined, now: Date) {
  const extras: Record<string, unknown> = {};
  if (backUrls) extras.back_urls = backUrls;
  // auto_return needs back_urls.success; without it Mercado Pago refuses the preference.
  if (backUrls?.success) extras.auto_return = 'approved';
  // The order's expiry: Mercado Pago refuses to take a payment past it, as the sweep cancels it.
  if (expiresAt) {
    extras.expires = true;
    extras.expiration_date_from = iso(now);
    extras.expiration_date_to = iso(expiresAt);
  }
  return extras;
}

// Webhooks only, no IPN: IPN notifications carry no signature, so they could not be verified.
// https://www.mercadopago.cl/developers/en/docs/your-integrations/notifications/webhooks
function webhooksOnly(notificationUrl: string): string {
  const url = new URL(notificationUrl);
  url.searchParams.set('source_news', 'webhooks');
  return url.toString();
}

// The documentation's dates carry an offset ("2021-05-06T12:00:00.000-04:00"), not a Z.
const iso = (date: Date) => date.toISOString().replace('Z', '+00:00');
