// The ceiling: node:http answering every request with a fixed order-sized JSON, doing nothing else.
import { createServer } from 'node:http';

const ORDER = Buffer.from(
  JSON.stringify({
    id: 1,
    status: 'pending',
    pendingStatus: 'pending_payment',
    paymentProviderReference: 'http://localhost:4000/sandbox/payments/76f1afe1-dec7-4a3b-8286-4052d13bf342',
    originLatitude: -33.4378,
    originLongitude: -70.6505,
    destinationLatitude: -33.495,
    destinationLongitude: -70.58,
    originTitle: '-33.43780, -70.65050',
    destinationTitle: '-33.49500, -70.58000',
    serviceCode: 1,
    vehicleIdentification: 'AB12CD',
    duration: '1368s',
    distance: 11404,
    totalAmount: 38685,
    partnerAmount: 32882,
    platformAmount: 5803,
    currency: 'CLP',
    partnerDistance: 2317,
    partnerDuration: '278s',
    clientName: null,
    clientPhone: '+56912345678',
    partner: null,
    createdAt: '2026-01-01T12:00:00.000Z',
    updatedAt: '2026-01-01T12:00:00.000Z',
  }),
);

function answerWithOrder(request, response) {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': ORDER.length });
    response.end(ORDER);
  });
}

const server = createServer(answerWithOrder);
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');

process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
