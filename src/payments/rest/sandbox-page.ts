import { SERVICE_NAMES } from '../../orders/domain/order.js';
import { toMajorUnits } from '../../orders/domain/pricing.js';
import { SANDBOX_PATH } from './sandbox-path.js';
import type { SandboxCheckout } from '../providers/sandbox-checkout.js';
import type { SandboxLink, SandboxLinks, SandboxLinkState } from '../providers/sandbox-links.js';
import type { PlainRequest, PlainResponse } from '../../http/plain.js';
import { refuse } from '../../http/responses.js';
import { csp, htmlSecurityHeaders } from '../../http/security-headers.js';

// The sandbox page posts its own two forms (Pay, Cancel) and nothing else: form-action 'self'
// on this page only; every other page keeps 'none'. No script.
const SANDBOX_PAGE_CSP = csp({
  'default-src': "'none'",
  'style-src': "'unsafe-inline'",
  'img-src': 'data:',
  'base-uri': "'none'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
});

const STATE_TEXT: Record<SandboxLinkState, string> = {
  open: 'Pendiente de pago',
  paid: 'Pagado',
  refunded: 'Pagado y reembolsado',
  cancelled: 'Enlace anulado: ya no se puede pagar',
  expired: 'Enlace vencido: ya no se puede pagar',
};

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

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('es-CL', { style: 'currency', currency }).format(toMajorUnits(amount, currency));

function page(link: SandboxLink, trackingPath: string | undefined, status = 200): PlainResponse {
  const amount = money(link.amount, link.currency);
  // What the payer got back: all of it, or less a cancellation fee the service kept.
  const refund = link.refund
    ? `<p id="refund" data-amount="${link.refund.amount}">Reembolsado: <strong>${escapeHtml(money(link.refund.amount, link.currency))}</strong> (<time>${link.refund.at.toISOString()}</time>)</p>
`
    : '';
  const reference = escapeHtml(link.reference);
  const action = `${SANDBOX_PATH}${encodeURIComponent(link.reference)}`;
  const expiry = link.expiresAt && link.state === 'open' ? `<p>Vence: <time>${link.expiresAt.toISOString()}</time></p>` : '';
  const buttons =
    link.state === 'open'
      ? `<form method="post" action="${action}/pay" style="display:inline"><button id="pay" type="submit">Pagar</button></form>
<form method="post" action="${action}/cancel" style="display:inline"><button id="cancel" type="submit">Cancelar</button></form>`
      : '';
  // Once paid, the order's own tracking page follows it: the reference opens it too.
  const tracking =
    link.state === 'paid' && trackingPath
      ? `<p><a id="track" href="${trackingPath}${encodeURIComponent(link.reference)}">Seguir la asistencia en vivo</a></p>\n`
      : '';
  const html = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Pago ${reference}</title></head>
<body style="font-family: sans-serif; max-width: 32rem; margin: 3rem auto">
<h1>Pago de asistencia en ruta (sandbox)</h1>
<p>Orden <strong>${link.orderId}</strong>: ${escapeHtml(SERVICE_NAMES[link.serviceCode])}</p>
<p>Monto: <strong>${escapeHtml(amount)}</strong></p>
<p>Referencia: <code>${reference}</code></p>
<p id="state" data-state="${link.state}"><strong>${STATE_TEXT[link.state]}</strong></p>
${refund}${expiry}${buttons}${tracking}
<p>Este es un proveedor de pagos de prueba: no se cobra nada.</p>
</body></html>`;
  return { status, headers: Object.assign({ 'content-type': 'text/html; charset=utf-8' }, htmlSecurityHeaders(SANDBOX_PAGE_CSP)), body: html };
}

export interface SandboxPageDeps {
  links: SandboxLinks;
  checkout: SandboxCheckout;
  clock: () => Date;
  /** Where an order's tracking page is, by its payment reference; none, the paid page links to none. */
  trackingPath?: string;
}

/**
 * The sandbox provider's checkout: `GET /sandbox/payments/<reference>` shows the link, and its
 * forms `POST …/pay` and `POST …/cancel`, which answer with a redirect back to it (or, when the
 * link could not be paid or voided any more, with the page and 409).
 */
export function createSandboxPage(deps: SandboxPageDeps) {
  return async function sandboxPage(request: PlainRequest, path: string): Promise<PlainResponse> {
    const [segment = '', verb, ...rest] = path.slice(SANDBOX_PATH.length).split('/');
    const reference = decoded(segment);
    if (!reference || rest.length || (verb !== undefined && verb !== 'pay' && verb !== 'cancel')) return refuse('NOT_FOUND');
    if (verb === undefined) {
      if (request.method !== 'GET') return refuse('METHOD_NOT_ALLOWED', { allow: 'GET' });
      const link = await deps.links.find(reference, deps.clock());
      return link ? page(link, deps.trackingPath) : refuse('NOT_FOUND');
    }
    if (request.method !== 'POST') return refuse('METHOD_NOT_ALLOWED', { allow: 'POST' });
    const outcome = verb === 'pay' ? await deps.checkout.pay(reference) : await deps.checkout.cancel(reference);
    if (!outcome.link) return refuse('NOT_FOUND');
    if (!outcome.done) return page(outcome.link, deps.trackingPath, 409);
    // Post/redirect/get: reloading the page does not post again.
    return { status: 303, headers: { location: `${SANDBOX_PATH}${encodeURIComponent(outcome.link.reference)}` }, body: '' };
  };
}
