import { readLegacyOrder } from '../domain/legacy-order.js';
import type { Credentials, LegacyOutcome } from '../domain/legacy-outcome.js';
import type { Exchange } from '../../platform/outbound/post-once.js';

// The exact sentence the legacy answers, with a 400, when no operator is available.
const NO_OPERATOR_MESSAGE = 'No hay grueros disponibles';

const utf8 = new TextDecoder('utf-8', { fatal: true });

function parseJson(body: Buffer): { ok: true; text: string; value: unknown } | { ok: false } {
  try {
    const text = utf8.decode(body);
    return { ok: true, text, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** The code of a network error, wherever undici or Node put it (a dual-stack connect nests them). */
function errorCode(error: Error): string {
  const nested = error as Error & { code?: string; cause?: { code?: string }; errors?: Array<{ code?: string }> };
  return nested.code ?? nested.cause?.code ?? nested.errors?.[0]?.code ?? error.message;
}

// undici's own timeouts are set to the deadline as a backstop; should one fire first, it is one.
const UNDICI_TIMEOUTS = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function failure(error: Error, written: boolean): LegacyOutcome {
  const detail = errorCode(error);
  if (UNDICI_TIMEOUTS.has(detail)) return { kind: 'timeout', mayHaveReached: written };
  if (written) return { kind: 'unavailable', mayHaveReached: true, reason: 'reset', detail };
  const reason = detail === 'ECONNREFUSED' ? 'refused' : detail === 'ENOTFOUND' || detail === 'EAI_AGAIN' ? 'dns' : 'connection';
  return { kind: 'unavailable', mayHaveReached: false, reason, detail };
}

function errorMessage(body: Buffer): string | undefined {
  const parsed = parseJson(body);
  const message = parsed.ok ? (parsed.value as { message?: unknown } | null)?.message : undefined;
  return typeof message === 'string' ? message : undefined;
}

/**
 * What an exchange with the legacy means, as its interface documents it: 200 and an order; 400
 * and `{message}`; 401/403 for the token; 5xx as the legacy being down. Anything else its
 * interface does not give is a bad response, never passed on as if it were an answer.
 */
export function readAnswer(exchange: Exchange, credentials: Credentials, paymentField: string): LegacyOutcome {
  if (exchange.kind === 'timeout') return { kind: 'timeout', mayHaveReached: exchange.written };
  if (exchange.kind === 'failed') return failure(exchange.error, exchange.written);
  const { status } = exchange;
  if (exchange.kind === 'too-large') return { kind: 'bad-response', mayHaveReached: true, status, reason: 'too-large' };
  if (status >= 500) return { kind: 'unavailable', mayHaveReached: true, reason: 'status', status };
  if (status === 401) return { kind: 'unauthorized', mayHaveReached: true, credentials };
  if (status === 403) return { kind: 'forbidden', mayHaveReached: true, credentials };
  if (status === 400) {
    const message = errorMessage(exchange.body);
    if (message === undefined) return { kind: 'bad-response', mayHaveReached: true, status, reason: 'no-message' };
    return message === NO_OPERATOR_MESSAGE
      ? { kind: 'no-operator', mayHaveReached: true, message }
      : { kind: 'rejected', mayHaveReached: true, message };
  }
  if (status !== 200) return { kind: 'bad-response', mayHaveReached: true, status, reason: 'status' };

  const parsed = parseJson(exchange.body);
  if (!parsed.ok) return { kind: 'bad-response', mayHaveReached: true, status, reason: 'not-json' };
  const reading = readLegacyOrder(parsed.value, paymentField);
  if (!reading.ok) return { kind: 'bad-response', mayHaveReached: true, status, reason: 'not-an-order', problems: reading.problems };
  return {
    kind: 'order',
    mayHaveReached: true,
    body: parsed.text,
    json: parsed.value as Record<string, unknown>,
    order: reading.order,
    corrections: reading.corrections,
  };
}
