import { createHmac } from 'node:crypto';
import type { NotificationVerifier, PaymentReader, PaymentReadback } from '../domain/events.js';
import { matchesAny, parseSignatureHeader, signatureTimeMs, signManifest } from './mercado-pago-signature.js';
import type { SandboxLinks } from './sandbox-links.js';

// The sandbox signs its notifications the way Mercado Pago does (an HMAC-SHA256 of a manifest
// naming the payment and the time, in `ts=…,v1=…`), under a header and a secret of its own.
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
// The sandbox signs each delivery anew: an older signature is a replay.
const MAX_AGE_MS = 5 * 60_000;

const manifest = (paymentId: string, ts: string) => `id:${paymentId};ts:${ts};`;

/** The sandbox's notification secret when none is configured: derived from the service's HS256 secret. */
export const deriveSandboxSecret = (serviceSecret: string): string =>
  createHmac('sha256', serviceSecret).update('sandbox payment notifications').digest('hex');

/** The body and headers of the notification of `paymentId`, signed at `now`. */
export function signedSandboxNotification(secret: string, paymentId: string, now: number) {
  const ts = String(now);
  return {
    headers: { [SANDBOX_SIGNATURE_HEADER]: `ts=${ts},v1=${signManifest(manifest(paymentId, ts), secret)}` },
    body: { type: 'payment', data: { id: paymentId } },
  };
}

/** Checks a sandbox notification's signature; it names the payment, whose state is read back. */
export function createSandboxVerifier(secret: string, now: () => number = Date.now): NotificationVerifier {
  return {
    verify(headers, _query, body) {
      const header = headers.get(SANDBOX_SIGNATURE_HEADER);
      const signature = header ? parseSignatureHeader(header) : undefined;
      if (!signature) return { kind: 'forged', reason: `no ${SANDBOX_SIGNATURE_HEADER} with ts and v1` };
      const sent = (body ?? {}) as { type?: unknown; data?: { id?: unknown } };
      const paymentId = typeof sent.data?.id === 'string' ? sent.data.id : '';
      if (!matchesAny(signManifest(manifest(paymentId, signature.ts), secret), signature.v1)) {
        return { kind: 'forged', reason: 'signature does not match' };
      }
      const signedAt = signatureTimeMs(signature.ts);
      if (signedAt === undefined || Math.abs(now() - signedAt) > MAX_AGE_MS) return { kind: 'forged', reason: 'signature too old' };
      if (sent.type !== 'payment' || !paymentId) return { kind: 'ignored', reason: `topic ${String(sent.type)}` };
      return { kind: 'payment', providerPaymentId: paymentId, requestId: null };
    },
  };
}

/** Reads a sandbox payment back from the sandbox's links, as a provider's payments API answers. */
export function createSandboxReader(links: SandboxLinks): PaymentReader {
  return {
    async readPayment(paymentId): Promise<PaymentReadback> {
      const payment = await links.payment(paymentId);
      if (!payment) return { providerPaymentId: paymentId, reference: null, state: 'failed', providerStatus: 'not_found', amount: null, currency: null };
      // As a Mercado Pago payment is read: undone once refunded, in full or in part.
      const refunded = payment.refunded > 0;
      return {
        providerPaymentId: paymentId,
        reference: payment.reference,
        state: refunded ? 'cancelled' : 'paid',
        providerStatus: !refunded ? 'paid' : payment.refunded >= payment.amount ? 'refunded' : 'partially_refunded',
        amount: payment.amount,
        currency: payment.currency,
      };
    },
  };
}
