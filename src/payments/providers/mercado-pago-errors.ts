import { OutboundError } from '../../platform/outbound/json-client.js';

export const MERCADO_PAGO = 'mercado-pago';

/** The first cause's code of Mercado Pago's error envelope (`{message, error, status, cause: [{code, description}]}`). */
export const causeOf = (body: unknown): string => String((body as { cause?: { code?: unknown }[] } | undefined)?.cause?.[0]?.code ?? '');

/** A 4xx answer, with what Mercado Pago said of it. */
export function refused(status: number, body: unknown): OutboundError {
  const { error, message } = (body ?? {}) as { error?: unknown; message?: unknown };
  const cause = causeOf(body);
  return new OutboundError(MERCADO_PAGO, 'rejected', 'yes', `answered ${status} ${String(error ?? '')}${cause ? ` (${cause})` : ''}: ${String(message ?? '')}`, status);
}
