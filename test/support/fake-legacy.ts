import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

// A stand-in for the legacy order service, faithful to /work/shared/spec/order-service-spec.md:
// `POST {base}/applications/orders` (§4.1) answers an order of §2.1 whose payment URL is under
// the provider-named key, never `paymentProviderReference`; no operator is `400 {"message":
// "No hay grueros disponibles"}` (§7); the misspelled pending-partner value is §2.1 observation 4.

type Answer =
  | { kind: 'ok' }
  /** The order carries a pendingStatus outside the documented list. */
  | { kind: 'misspelled'; pendingStatus?: string }
  | { kind: 'no-operator' }
  /** Another 400, with a message of its own. */
  | { kind: 'rejected'; message?: string }
  | { kind: 'forbidden' }
  /** Any status with a small JSON body: 500, 503, 404… */
  | { kind: 'status'; status: number }
  /** Reads the request, then closes the connection without a word. */
  | { kind: 'drop' }
  | { kind: 'not-json' }
  /** 200 with JSON that is not an order. */
  | { kind: 'not-an-order' };

export type FakeLegacyMode = Answer | { kind: 'slow'; delayMs: number; then?: Answer };

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Which TCP connection it came on, numbered from 1 in the order they were accepted. */
  connection: number;
}

export interface FakeLegacyOptions {
  /** The legacy's key of the payment URL, `<provider>Reference`. */
  paymentField?: string;
  /** When set, a request without `Authorization: Bearer <it>` gets 401. */
  acceptToken?: string;
  mode?: FakeLegacyMode;
}

export const NO_OPERATOR_MESSAGE = 'No hay grueros disponibles';

/** The order the legacy would write for a request body of spec §4.1, with unknown fields of its own. */
export function legacyOrderBody(id: number, request: Record<string, unknown>, paymentField = 'mercadoPagoReference') {
  const now = new Date(Date.UTC(2026, 10, 21, 17, 10, id % 60)).toISOString();
  return {
    id,
    status: 'pending',
    pendingStatus: 'pending_payment',
    [paymentField]: `https://www.mercadopago.cl/checkout/v1/redirect?pref_id=legacy-${id}`,
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
    partnerDistance: 3562,
    partnerDuration: '427s',
    clientName: 'Cliente App',
    clientPhone: request.phoneNumber,
    partner: null,
    createdAt: now,
    updatedAt: now,
    // Fields the spec does not list: a gateway must pass them on untouched.
    channel: 'integrations-api',
    tracking: { code: `TRK-${id}`, legacyVersion: 3 },
  };
}

export async function startFakeLegacy(options: FakeLegacyOptions = {}) {
  const paymentField = options.paymentField ?? 'mercadoPagoReference';
  let mode: FakeLegacyMode = options.mode ?? { kind: 'ok' };
  let acceptToken = options.acceptToken ?? null;
  let nextId = 1;
  let connections = 0;
  const requests: ReceivedRequest[] = [];
  const answered: Array<{ status: number; body: string }> = [];
  const delayed = new Set<{ timer: NodeJS.Timeout; done: Promise<void> }>();
  const sockets = new Set<Socket>();
  const connectionOf = new WeakMap<Socket, number>();

  function send(res: ServerResponse, status: number, body: string, type = 'application/json; charset=utf-8') {
    answered.push({ status, body });
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) }).end(body);
  }

  function answer(answer: Answer, req: IncomingMessage, res: ServerResponse, body: string) {
    const json = (status: number, value: unknown) => send(res, status, JSON.stringify(value));
    const request = (() => {
      try {
        return JSON.parse(body) as Record<string, unknown>;
      } catch {
        return {};
      }
    })();
    switch (answer.kind) {
      case 'ok':
        return json(200, legacyOrderBody(nextId++, request, paymentField));
      case 'misspelled':
        return json(
          200,
          Object.assign(legacyOrderBody(nextId++, request, paymentField), { pendingStatus: answer.pendingStatus ?? 'pending_parner' }),
        );
      case 'no-operator':
        return json(400, { message: NO_OPERATOR_MESSAGE });
      case 'rejected':
        return json(400, { message: answer.message ?? 'El campo phoneNumber no es válido' });
      case 'forbidden':
        return json(403, { message: 'Acceso denegado' });
      case 'status':
        return json(answer.status, { message: `Error ${answer.status}` });
      case 'drop':
        return req.socket.destroy();
      case 'not-json':
        return send(res, 200, '<html><body>Bad Gateway</body></html>', 'text/html');
      case 'not-an-order':
        return json(200, { ok: true, orderId: nextId++ });
    }
  }

  function later(delayMs: number, run: () => void) {
    let resolve!: () => void;
    const entry = { timer: setTimeout(() => (delayed.delete(entry), run(), resolve()), delayMs), done: new Promise<void>((r) => (resolve = r)) };
    delayed.add(entry);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, connection: connectionOf.get(req.socket) ?? 0 });
      if (req.method !== 'POST' || req.url !== '/applications/orders') return send(res, 404, '{"message":"Not Found"}');
      if (acceptToken !== null && req.headers.authorization !== `Bearer ${acceptToken}`) {
        return send(res, 401, JSON.stringify({ message: 'Token inválido' }));
      }
      const current = mode;
      if (current.kind !== 'slow') return answer(current, req, res, body);
      later(current.delayMs, () => answer(current.then ?? { kind: 'ok' }, req, res, body));
    });
  });
  server.on('connection', (socket: Socket) => {
    connectionOf.set(socket, ++connections);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    paymentField,
    /** Every request that reached it, in order, even those it then dropped. */
    requests,
    /** Every answer it wrote (or tried to: the client may have gone), in order. */
    answered,
    /** TCP connections accepted so far. */
    get connections() {
      return connections;
    },
    /** TCP connections open now. */
    get openConnections() {
      return sockets.size;
    },
    setMode(next: FakeLegacyMode) {
      mode = next;
    },
    setAcceptToken(token: string | null) {
      acceptToken = token;
    },
    /** Resolves once every delayed answer has been written. */
    async settled() {
      await Promise.all([...delayed].map((entry) => entry.done));
    },
    async close() {
      for (const entry of delayed) clearTimeout(entry.timer);
      delayed.clear();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type FakeLegacy = Awaited<ReturnType<typeof startFakeLegacy>>;
