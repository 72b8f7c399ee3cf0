import type { Logger } from 'pino';
import type { PaymentNotifications } from '../domain/notifications.js';
import type { PlainRequest, PlainResponse } from '../../http/plain.js';
import { answerError, json, refuse } from '../../http/responses.js';

export const NOTIFICATIONS_PATH = '/payments/notifications/';

// The headers a provider signs or names in a notification; the verifiers read only these.
const SIGNED_HEADERS = ['x-signature', 'x-request-id', 'x-sandbox-signature'];

export interface PaymentNotificationsRouteDeps {
  notifications: PaymentNotifications;
  maxBodyBytes: number;
  log: Logger;
}

/**
 * `POST /payments/notifications/<provider>?…`: a payment provider's notification. Verified
 * (a forged one gets 401 INVALID_SIGNATURE and nothing is kept), kept in the store, answered
 * 200 at once; the payment it names is read back and applied by the notifications worker. A
 * store that fails answers 503, and the provider sends it again later.
 */
export function createPaymentNotificationsRoute(deps: PaymentNotificationsRouteDeps) {
  return async function notificationsRoute(request: PlainRequest, path: string, query: URLSearchParams): Promise<PlainResponse> {
    if (request.method !== 'POST') return refuse('METHOD_NOT_ALLOWED', { allow: 'POST' });
    const provider = path.slice(NOTIFICATIONS_PATH.length);
    try {
      const text = await request.text(deps.maxBodyBytes);
      const headers = new Headers();
      for (const name of SIGNED_HEADERS) {
        const value = request.header(name);
        if (value !== undefined) headers.set(name, value);
      }
      const outcome = await deps.notifications.receive(provider, headers, query, parseBody(text));
      if (outcome === 'unknown_provider') return refuse('NOT_FOUND');
      if (outcome === 'forged') return refuse('INVALID_SIGNATURE');
      return json(200, { received: true });
    } catch (error) {
      return answerError(error, deps.log);
    }
  };
}

/** The body as JSON; anything else is no body (the verifier then goes by the URL alone). */
function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
