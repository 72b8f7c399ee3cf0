import { createHmac, timingSafeEqual } from 'node:crypto';

// Mercado Pago's webhook signature, as "Validate notification origin" describes it
// (https://www.mercadopago.cl/developers/en/docs/your-integrations/notifications/webhooks):
// the header `x-signature: ts=<ts>,v1=<hex>`, where v1 is the HMAC-SHA256, in hex, keyed with
// the application's secret signature, of the manifest
//   id:[data.id_url];request-id:[x-request-id_header];ts:[ts_header];
// data.id comes from the notification URL's query, lower-cased when alphanumeric, and a part
// whose value the notification does not carry is left out of the manifest.

export interface SignatureHeader {
  ts: string;
  v1: string[];
}

/** `ts=…,v1=…` split on commas, then on the first `=`; undefined without a ts and a v1. */
export function parseSignatureHeader(header: string): SignatureHeader | undefined {
  let ts: string | undefined;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 'ts' && ts === undefined) ts = value;
    if (key === 'v1' && value) v1.push(value);
  }
  return ts && v1.length ? { ts, v1 } : undefined;
}

export function signatureManifest(dataId: string | null, requestId: string | null, ts: string): string {
  const id = dataId && /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  return `${id ? `id:${id};` : ''}${requestId ? `request-id:${requestId};` : ''}ts:${ts};`;
}

export function signManifest(manifest: string, secret: string): string {
  return createHmac('sha256', secret).update(manifest).digest('hex');
}

/** Constant-time: the comparison takes as long whichever byte differs. */
export function matchesAny(expectedHex: string, candidates: string[]): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  let matched = false;
  for (const candidate of candidates) {
    if (!/^[0-9a-f]{64}$/i.test(candidate)) continue;
    if (timingSafeEqual(expected, Buffer.from(candidate, 'hex'))) matched = true;
  }
  return matched;
}

/**
 * The notification's time in epoch milliseconds. The documentation says ts is in
 * milliseconds, and its own example (1704908010) is in seconds: both are read.
 */
export function signatureTimeMs(ts: string): number | undefined {
  if (!/^\d{1,16}$/.test(ts)) return undefined;
  const value = Number(ts);
  return value < 1e11 ? value * 1000 : value;
}
