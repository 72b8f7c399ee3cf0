import { RequestError } from '../error-table.js';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * The request body as a JSON object: 415 for another content type, 413 past `limit` bytes
 * (checked on the declared length and again while reading), 400 when it is not an object.
 */
export async function readJsonObject(request: Request, limit: number): Promise<Record<string, unknown>> {
  if (!JSON_TYPE.test(request.headers.get('content-type') ?? '')) throw new RequestError('UNSUPPORTED_MEDIA_TYPE');
  const declared = request.headers.get('content-length');
  if (Number(declared) > limit) throw new RequestError('PAYLOAD_TOO_LARGE');
  // With a declared length the server already holds the body to that length: read it whole.
  const text = declared ? await request.text() : await readCapped(request, limit);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new RequestError('MALFORMED_JSON', 'El cuerpo de la solicitud no es JSON válido');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new RequestError('MALFORMED_JSON');
  return value as Record<string, unknown>;
}

async function readCapped(request: Request, limit: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > limit) throw new RequestError('PAYLOAD_TOO_LARGE');
      chunks.push(chunk);
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}
