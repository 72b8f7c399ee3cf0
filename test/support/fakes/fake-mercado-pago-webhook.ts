import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

const EXAMPLE = JSON.parse(readFileSync(new URL('../../fixtures/mercado-pago-notification.json', import.meta.url), 'utf8'));

export interface NotificationOptions {
  /** The secret it is signed with: the application's for a genuine one, another for a forgery. */
  secret: string;
  now?: () => number;
  /** The ts sent; by default now, in milliseconds as the documentation says. */
  ts?: string;
  /** null: no x-request-id header (and none in the manifest). */
  requestId?: string | null;
  /** No x-signature header at all. */
  unsigned?: boolean;
  /** The topic in the URL and the body. */
  type?: string;
  /** Replaces the body's data.id, to alter a signed notification. */
  bodyDataId?: string;
}

/**
 * A Webhooks notification the way Mercado Pago sends one: POST to the notification URL with
 * `?data.id=…&type=…` added, the `x-request-id` and `x-signature: ts=…,v1=…` headers, and the
 * documented body. Signed here on its own, from the documentation, not with the code under test.
 */
export function buildNotification(notificationUrl: string, dataId: string, options: NotificationOptions) {
  const now = options.now ?? Date.now;
  const type = options.type ?? 'payment';
  const url = new URL(notificationUrl);
  url.searchParams.set('data.id', dataId);
  url.searchParams.set('type', type);
  const requestId = options.requestId === undefined ? randomUUID() : options.requestId;
  const ts = options.ts ?? String(now());
  // Alphanumeric ids are signed in lower case, whatever case the URL carries.
  const signedId = /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  let manifest = `id:${signedId};`;
  if (requestId) manifest += `request-id:${requestId};`;
  manifest += `ts:${ts};`;
  const v1 = createHmac('sha256', options.secret).update(manifest).digest('hex');

  const headers = new Headers({ 'content-type': 'application/json' });
  if (requestId) headers.set('x-request-id', requestId);
  if (!options.unsigned) headers.set('x-signature', `ts=${ts},v1=${v1}`);
  const body = Object.assign(structuredClone(EXAMPLE), {
    id: Number(String(now()).slice(-9)),
    live_mode: false,
    type,
    date_created: new Date(now()).toISOString(),
    action: `${type}.updated`,
    data: { id: options.bodyDataId ?? dataId },
  });
  return { url: url.toString(), headers, query: url.searchParams, body };
}

/** Sends it; answers the status and body text the receiver gave back. */
export async function sendNotification(notificationUrl: string, dataId: string, options: NotificationOptions) {
  const notification = buildNotification(notificationUrl, dataId, options);
  const response = await fetch(notification.url, {
    method: 'POST',
    headers: notification.headers,
    body: JSON.stringify(notification.body),
  });
  return { status: response.status, body: await response.text() };
}
