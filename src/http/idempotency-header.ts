import { createHash } from 'node:crypto';

/** A request's Idempotency-Key with the fingerprint of its content (the same key with another content is a reuse). */
export interface IdempotentRequest {
  key: string;
  fingerprint: string;
}

/** JSON with object keys sorted, so that the same content always reads the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The Idempotency-Key of a request, with the fingerprint of what it asks: the face it came
 * through (REST or GraphQL) and its content. Undefined when the request carries no key.
 */
export function idempotentRequest(
  key: string | null | undefined,
  face: 'rest' | 'graphql',
  content: unknown,
): IdempotentRequest | undefined {
  if (key === null || key === undefined) return undefined;
  const fingerprint = createHash('sha256').update(face).update('\n').update(canonical(content)).digest('base64url');
  return { key, fingerprint };
}
