import type { Tracking } from '../domain/tracking.js';
import { stepOf, type Step } from '../../lifecycle/domain/steps.js';
import { SERVICE_NAMES, type OrderChangeKind } from '../../orders/domain/order.js';
import type { PlainResponse } from '../../http/plain.js';
import { csp, htmlSecurityHeaders } from '../../http/security-headers.js';

/**
 * The tracking page: its script and stylesheet are the service's files, its data a JSON block
 * (never run), its map SVG drawn by the script; it reaches its own event stream and nothing else.
 */
export const TRACKING_CSP = csp({
  'default-src': "'none'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' data:",
  'connect-src': "'self'",
  'base-uri': "'none'",
  'form-action': "'none'",
  'frame-ancestors': "'none'",
});

/** Where the order stands, in the words the page uses: by step (pendingStatus while pending, else status). */
const STEP_TEXT: Record<Step, string> = {
  pending_payment: 'Esperando el pago',
  pending_partner: 'Pagada: buscando un operador',
  partner_start_order: 'Operador asignado',
  partner_going_to_origin: 'El operador va en camino',
  partner_in_origin: 'El operador llegó al vehículo',
  partner_going_to_destination: 'Remolcando al destino',
  finished: 'Servicio terminado',
  paused: 'En pausa',
  cancelled: 'Cancelada',
  closed: 'Cerrada',
};

/** Each change of the timeline; `progressed` is told by the step it reached. */
const CHANGE_TEXT: Record<Exclude<OrderChangeKind, 'progressed'>, string> = {
  created: 'Orden creada',
  paid: 'Pago recibido',
  assigned: 'Operador asignado',
  paused: 'Orden en pausa',
  resumed: 'Orden reanudada',
  finished: 'Servicio terminado',
  cancelled: 'Orden cancelada',
  closed: 'Orden cerrada',
  refunded: 'Pago reembolsado',
};

/** The page's words, handed to its script with the data: written once, here. */
export const TRACKING_TEXTS = {
  steps: STEP_TEXT,
  changes: CHANGE_TEXT,
  operator: 'Operador',
  distance: 'Distancia al vehículo',
  eta: 'Llegada estimada',
  trip: 'Trayecto',
  live: { connecting: 'Conectando…', live: 'En vivo', lost: 'Sin conexión: reintentando…' },
  map: { origin: 'Vehículo', destination: 'Destino', operator: 'Operador' },
};

export const stepOfTracking = (t: Pick<Tracking, 'status' | 'pendingStatus'>): Step => stepOf(t);

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// JSON inside <script>: no `<` may close the element or open a comment; `\u003c` parses the same.
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export interface TrackingAssetUrls {
  js: string;
  css: string;
}

// The page shows an order as it is now: never kept.
const PAGE_HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...htmlSecurityHeaders(TRACKING_CSP) };

function shell(title: string, urls: TrackingAssetUrls, head: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${urls.css}">
${head}
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** The order's tracking page, as it is now; its script follows it live. */
export function trackingPage(tracking: Tracking, urls: TrackingAssetUrls): PlainResponse {
  const step = stepOfTracking(tracking);
  const head = `<script type="application/json" id="track-data">${scriptJson({ tracking, texts: TRACKING_TEXTS })}</script>
<script defer src="${urls.js}"></script>`;
  const body = `<h1>Asistencia en ruta</h1>
<p id="summary">Orden <strong>${tracking.orderId}</strong>: ${escapeHtml(SERVICE_NAMES[tracking.serviceCode])} · patente <strong>${escapeHtml(tracking.plate)}</strong></p>
<p id="state" data-state="${escapeHtml(step)}">${escapeHtml(STEP_TEXT[step])}</p>
<section id="operator" hidden></section>
<div id="map-box"></div>
<h2>Historial</h2>
<ol id="timeline"></ol>
<p id="live" data-live="connecting">${TRACKING_TEXTS.live.connecting}</p>
<noscript><p>Esta página se actualiza sola con JavaScript; sin él, recárguela para ver el estado.</p></noscript>`;
  return { status: 200, headers: { ...PAGE_HEADERS }, body: shell(`Seguimiento de la orden ${tracking.orderId}`, urls, head, body) };
}

/** What an unknown reference gets: a page that says so, 404. */
export function trackingNotFoundPage(urls: TrackingAssetUrls): PlainResponse {
  const body = `<h1>Asistencia en ruta</h1>
<p id="state" data-state="not_found">No encontramos una orden con esta referencia. Revise el enlace que recibió.</p>`;
  return { status: 404, headers: { ...PAGE_HEADERS }, body: shell('Orden no encontrada', urls, '', body), code: 'NOT_FOUND' };
}
