// A fast stand-in for the legacy order service, for the gateway section: `POST /applications/orders`
// answers an order of spec §2.1 for the request, as this service's REST route does with
// PAYMENT_REFERENCE_LEGACY_FIELD set (the provider-named key, then `paymentProviderReference` and
// `currency`), with ids of its own, increasing. No store, no token check: what is measured is the
// gateway in front of it. A request at NO_OPERATOR_LATITUDE answers the spec's 400 (§7), with the
// `code` this service's REST route adds, which its OpenAPI document (Hive Gateway's source) requires.
import { createServer } from 'node:http';

const PAYMENT_FIELD = process.env.PAYMENT_FIELD ?? 'mercadoPagoReference';
const NO_OPERATOR_LATITUDE = 0;
const NO_OPERATOR = Buffer.from(JSON.stringify({ message: 'No hay grueros disponibles', code: 'NO_OPERATOR_AVAILABLE' }));
const STARTED = Date.UTC(2026, 0, 1, 12);
let nextId = 1;

function order(request) {
  const id = nextId++;
  const at = new Date(STARTED + id).toISOString();
  const link = `https://www.mercadopago.cl/checkout/v1/redirect?pref_id=stand-in-${id}`;
  return {
    id,
    status: 'pending',
    pendingStatus: 'pending_payment',
    [PAYMENT_FIELD]: link,
    originLatitude: request.originLatitude,
    originLongitude: request.originLongitude,
    destinationLatitude: request.destinationLatitude,
    destinationLongitude: request.destinationLongitude,
    originTitle: 'Plaza de Armas, Santiago',
    destinationTitle: 'Av. Grecia 8735, Peñalolén',
    serviceCode: request.serviceId,
    vehicleIdentification: request.vehicleIdentification,
    duration: '1350s',
    distance: 11247,
    totalAmount: 38496,
    partnerAmount: 32722,
    platformAmount: 5774,
    paymentProviderReference: link,
    currency: 'CLP',
    partnerDistance: 3562,
    partnerDuration: '427s',
    clientName: null,
    clientPhone: request.phoneNumber,
    partner: null,
    createdAt: at,
    updatedAt: at,
  };
}

function send(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  response.end(body);
}

const server = createServer((request, response) => {
  if (request.method === 'GET') return send(response, 200, Buffer.from('{"status":"ready"}'));
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (body.originLatitude === NO_OPERATOR_LATITUDE) return send(response, 400, NO_OPERATOR);
    send(response, 200, Buffer.from(JSON.stringify(order(body))));
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');

process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
