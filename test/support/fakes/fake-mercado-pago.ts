import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { hold, reset, sendHtml, sendJson, startFakeServer, type RecordedRequest } from './fake-server.js';
import { createFakeRefunds } from './fake-mercado-pago-refunds.js';
import { datesProblem, itemsProblem, mpError, summary } from './fake-mercado-pago-rules.js';
import { sendNotification, type NotificationOptions } from './fake-mercado-pago-webhook.js';

export type MercadoPagoMode = 'ok' | 'slow' | 'server_error' | 'malformed' | 'reset';
export type PaymentStatus = 'approved' | 'pending' | 'in_process' | 'rejected' | 'cancelled' | 'refunded' | 'charged_back';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8'));
const PREFERENCE = fixture('mercado-pago-preference.json');
const PAYMENT = fixture('mercado-pago-payment.json');
export const FAKE_MP_TOKEN = 'TEST-fake-access-token';
export const FAKE_MP_SECRET = 'fake-webhook-secret-signature';
const COLLECTOR_ID = 202809963;

type Preference = Record<string, any>;

/**
 * The parts of Mercado Pago's API that Checkout Pro uses, on loopback: preferences (created
 * once per X-Idempotency-Key, updated, searched by external_reference), payments to read back
 * and to refund (see fake-mercado-pago-refunds.ts), in the shapes of the recorded examples. Test
 * helpers pay a link and send the notification Mercado Pago would, signed or forged.
 */
export async function startFakeMercadoPago(options: { accessToken?: string; secret?: string; now?: () => number } = {}) {
  const token = options.accessToken ?? FAKE_MP_TOKEN;
  const secret = options.secret ?? FAKE_MP_SECRET;
  const now = options.now ?? Date.now;
  const state = { mode: 'ok' as MercadoPagoMode, paymentReads: 0, nextPaymentId: 1_320_000_001 };
  const preferences = new Map<string, Preference>();
  const byIdempotencyKey = new Map<string, string>();
  const payments = new Map<string, Record<string, any>>();
  const refunds = createFakeRefunds(payments, now);

  const server = await startFakeServer((request, response) => {
    if (state.mode === 'slow') return hold(response);
    if (state.mode === 'reset') return reset(response);
    if (state.mode === 'server_error') return mpError(response, 500, 'internal_error', 'internal_error');
    if (state.mode === 'malformed') return sendHtml(response, request.method === 'POST' ? 201 : 200);
    if (request.headers.authorization !== `Bearer ${token}`) return mpError(response, 401, 'unauthorized', 'invalid access token');
    route(request, response);
  });

  function route(request: RecordedRequest, response: ServerResponse) {
    const { pathname, searchParams } = new URL(request.url, 'http://mp');
    const preferenceId = /^\/checkout\/preferences\/([^/]+)$/.exec(pathname)?.[1];
    const paymentId = /^\/v1\/payments\/(\d+)$/.exec(pathname)?.[1];
    if (request.method === 'POST' && pathname === '/checkout/preferences') return create(request, response);
    if (refunds.route(request, response, pathname, searchParams)) return;
    if (request.method === 'GET' && pathname === '/checkout/preferences/search') {
      const reference = searchParams.get('external_reference');
      const elements = [...preferences.values()].filter((p) => p.external_reference === reference).map(summary);
      return sendJson(response, 200, { elements, next_offset: elements.length, total: elements.length });
    }
    if (preferenceId && (request.method === 'PUT' || request.method === 'GET')) {
      const preference = preferences.get(decodeURIComponent(preferenceId));
      if (!preference) return mpError(response, 400, 'invalid_id', 'preference_id not found');
      if (request.method === 'GET') return sendJson(response, 200, preference);
      const changes = JSON.parse(request.body || '{}');
      const problem = datesProblem(
        changes.expires ?? preference.expires,
        changes.expiration_date_from ?? preference.expiration_date_from,
        changes.expiration_date_to ?? preference.expiration_date_to,
      );
      if (problem) return mpError(response, 400, problem, `${problem} invalid.`);
      Object.assign(preference, changes);
      return sendJson(response, 200, preference);
    }
    if (paymentId && request.method === 'GET') {
      state.paymentReads += 1;
      const payment = payments.get(paymentId);
      return payment ? sendJson(response, 200, payment) : mpError(response, 404, 'not_found', 'Payment not found');
    }
    mpError(response, 404, 'not_found', `${request.method} ${pathname} not found`);
  }

  function create(request: RecordedRequest, response: ServerResponse) {
    let body: Preference;
    try {
      body = JSON.parse(request.body);
    } catch {
      return mpError(response, 400, 'bad_request', 'Invalid JSON');
    }
    const problem = itemsProblem(body.items) ?? datesProblem(body.expires, body.expiration_date_from, body.expiration_date_to);
    if (problem) return mpError(response, 400, 'invalid_items', problem);
    const key = String(request.headers['x-idempotency-key'] ?? '');
    const existing = key ? byIdempotencyKey.get(key) : undefined;
    if (existing) return sendJson(response, 201, preferences.get(existing));
    const id = `${COLLECTOR_ID}-${randomUUID()}`;
    const preference = Object.assign(structuredClone(PREFERENCE), body, {
      id,
      collector_id: COLLECTOR_ID,
      date_created: new Date(now()).toISOString(),
      init_point: `https://www.mercadopago.cl/checkout/v1/redirect?pref_id=${id}`,
      sandbox_init_point: `https://sandbox.mercadopago.cl/checkout/v1/redirect?pref_id=${id}`,
    });
    preferences.set(id, preference);
    if (key) byIdempotencyKey.set(key, id);
    sendJson(response, 201, preference);
  }

  const preferenceOf = (reference: string) => [...preferences.values()].filter((p) => p.external_reference === reference).at(-1);
  const isPayable = (p: Preference) =>
    !p.expires || ((!p.expiration_date_from || Date.parse(p.expiration_date_from) <= now()) && Date.parse(p.expiration_date_to) > now());

  return {
    url: server.url,
    requests: server.requests,
    secret,
    set mode(mode: MercadoPagoMode) {
      state.mode = mode;
    },
    get paymentReads() {
      return state.paymentReads;
    },
    /** The last preference made for our reference, as Mercado Pago keeps it. */
    preference: (reference: string): Preference | undefined => preferenceOf(reference),
    /** Whether a payer could still pay the link of this reference. */
    payable: (reference: string) => {
      const preference = preferenceOf(reference);
      return preference ? isPayable(preference) : false;
    },
    /** The payer pays the link of `reference`; returns the payment's id. */
    pay(reference: string, status: PaymentStatus = 'approved'): string {
      const preference = preferenceOf(reference);
      if (!preference || !isPayable(preference)) throw new Error(`no payable link for ${reference}`);
      const id = String(state.nextPaymentId++);
      const [item] = preference.items;
      payments.set(id, Object.assign(structuredClone(PAYMENT), {
        id: Number(id),
        status,
        external_reference: reference,
        transaction_amount: item.unit_price * item.quantity,
        currency_id: item.currency_id,
        description: item.title,
        live_mode: false,
        collector_id: String(COLLECTOR_ID),
      }));
      return id;
    },
    setPaymentStatus(id: string, status: PaymentStatus) {
      Object.assign(payments.get(id) ?? {}, { status });
    },
    /** The payment as Mercado Pago keeps it: its refunds, what was refunded. */
    payment: (id: string) => payments.get(id),
    failNextRefunds: refunds.failNext,
    forgetRefundKeys: refunds.forgetKeys,
    /** Sends the notification Mercado Pago sends for a payment, signed with its secret unless told otherwise. */
    notify: (targetUrl: string, paymentId: string, extra: Partial<NotificationOptions> = {}) =>
      sendNotification(targetUrl, paymentId, Object.assign({ secret, now }, extra)),
    close: server.close,
  };
}
