import { RequestError } from './error-table.js';
import type { PlainRequest } from './plain.js';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * The request body as a JSON object: 415 for another content type, 413 past `limit` bytes
 * (on the declared length, and again while reading), 400 when it is not an object.
 */
export async function readJsonObject(request: PlainRequest, limit: number): Promise<Record<string, unknown>> {
  if (!JSON_TYPE.test(request.header('content-type') ?? '')) throw new RequestError('UNSUPPORTED_MEDIA_TYPE');
  if (Number(request.header('content-length')) > limit) throw new RequestError('PAYLOAD_TOO_LARGE');
  return parseObject(await request.text(limit));
}

/**
 * The body of a request whose body may be left out: none (or only blanks), whatever its content
 * type, is an empty object; one that is there is read as readJsonObject reads it.
 */
export async function readOptionalJsonObject(request: PlainRequest, limit: number): Promise<Record<string, unknown>> {
  if (Number(request.header('content-length')) > limit) throw new RequestError('PAYLOAD_TOO_LARGE');
  const text = await request.text(limit);
  if (!text.trim()) return {};
  if (!JSON_TYPE.test(request.header('content-type') ?? '')) throw new RequestError('UNSUPPORTED_MEDIA_TYPE');
  return parseObject(text);
}

function parseObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new RequestError('MALFORMED_JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new RequestError('MALFORMED_JSON');
  return value as Record<string, unknown>;
}
