import { describe, expect, it } from 'vitest';
import {
  parseSignatureHeader,
  signatureManifest,
  signatureTimeMs,
  signManifest,
} from '../../src/payments/providers/mercado-pago-signature.js';

// The documentation's example values; the digests were computed apart from this code with
// `printf '<manifest>' | openssl dgst -sha256 -hmac 'your_secret_key_here'`.
const SECRET = 'your_secret_key_here';
const REQUEST_ID = 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e';

describe('the Mercado Pago signature manifest', () => {
  it('names data.id, the request id and ts, each followed by a semicolon', () => {
    expect(signatureManifest('999999999', REQUEST_ID, '1704908010')).toBe(`id:999999999;request-id:${REQUEST_ID};ts:1704908010;`);
  });

  it('lower-cases an alphanumeric data.id', () => {
    expect(signatureManifest('ABC123DEF', REQUEST_ID, '1')).toBe(`id:abc123def;request-id:${REQUEST_ID};ts:1;`);
  });

  it('leaves out the parts the notification does not carry', () => {
    expect(signatureManifest('999999999', null, '1704908010')).toBe('id:999999999;ts:1704908010;');
    expect(signatureManifest(null, REQUEST_ID, '1704908010')).toBe(`request-id:${REQUEST_ID};ts:1704908010;`);
  });

  it('is signed with HMAC-SHA256 in hex, as computed apart', () => {
    expect(signManifest(signatureManifest('999999999', REQUEST_ID, '1704908010'), SECRET)).toBe(
      'c0412036a1c8b6a874049f5931f01bc6c12308647ba4d17136aacbd61207ea0f',
    );
    expect(signManifest(signatureManifest('ABC123DEF', REQUEST_ID, '1704908010'), SECRET)).toBe(
      'f8bcb3d17e24d28cb27fdaaa238eb648e367d9cc696b36b3086cd0b087974556',
    );
    expect(signManifest(signatureManifest('999999999', null, '1704908010'), SECRET)).toBe(
      'cd51d20ff8341874f2354acb6970d0e0bfdf33ce250cfa01982ac4fade40a6c8',
    );
  });
});

describe('the x-signature header', () => {
  it('is read as ts and v1, in any order and with spaces', () => {
    expect(parseSignatureHeader(' v1=abc , ts=1704908010')).toEqual({ ts: '1704908010', v1: ['abc'] });
  });

  it('without a ts or a v1 is no signature', () => {
    expect(parseSignatureHeader('ts=1704908010')).toBeUndefined();
    expect(parseSignatureHeader('v1=abc')).toBeUndefined();
    expect(parseSignatureHeader('garbage')).toBeUndefined();
  });

  it('has its ts read in seconds or milliseconds, since the documentation shows both', () => {
    expect(signatureTimeMs('1704908010')).toBe(1_704_908_010_000);
    expect(signatureTimeMs('1742505638683')).toBe(1_742_505_638_683);
    expect(signatureTimeMs('12e3')).toBeUndefined();
  });
});
