import type { Order } from '../core/order.js';
import { toMajorUnits } from '../core/pricing.js';
import { SANDBOX_PATH } from '../payments/sandbox.js';
import type { PlainRequest, PlainResponse } from './plain.js';
import { refuse } from './responses.js';
import { htmlSecurityHeaders, STATIC_PAGE_CSP } from './security-headers.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The text a percent-encoded segment stands for; empty when it is malformed (no such payment). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

/** `GET /sandbox/payments/<reference>`: the sandbox provider's checkout page. */
export function createSandboxPage(findByPaymentReference: (reference: string) => Promise<Order | null>) {
  return async function sandboxPage(request: PlainRequest, path: string): Promise<PlainResponse> {
    if (request.method !== 'GET') return refuse('METHOD_NOT_ALLOWED', { allow: 'GET' });
    const reference = decoded(path.slice(SANDBOX_PATH.length));
    const order = reference && (await findByPaymentReference(reference));
    if (!order) return refuse('NOT_FOUND');
    const amount = new Intl.NumberFormat('es-CL', { style: 'currency', currency: order.currency }).format(
      toMajorUnits(order.amounts.total, order.currency),
    );
    const html = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Pago ${escapeHtml(reference)}</title></head>
<body style="font-family: sans-serif; max-width: 32rem; margin: 3rem auto">
<h1>Pago de asistencia en ruta (sandbox)</h1>
<p>Orden <strong>${order.id}</strong></p>
<p>Monto: <strong>${escapeHtml(amount)}</strong></p>
<p>Referencia: <code>${escapeHtml(reference)}</code></p>
<p>Este es un proveedor de pagos de prueba: no se cobra nada.</p>
</body></html>`;
    return { status: 200, headers: Object.assign({ 'content-type': 'text/html; charset=utf-8' }, htmlSecurityHeaders(STATIC_PAGE_CSP)), body: html };
  };
}
