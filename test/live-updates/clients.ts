import { SignJWT } from 'jose';
import { createClient as createSseClient } from 'graphql-sse';
import { createClient as createWsClient } from 'graphql-ws';
import WebSocket from 'ws';
import { SECRET } from '../support/service.js';

/** A client of `orderUpdated` over one transport, with the token it is given. */
export interface TransportClient {
  subscribe: ReturnType<typeof createSseClient>['subscribe'];
  dispose(): void | Promise<void>;
}

export interface Transport {
  name: string;
  connect(base: string, token: string | null): TransportClient;
}

const bearer = (token: string | null): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

/** The three ways a client subscribes: graphql-sse in both its modes, and graphql-ws. */
export const TRANSPORTS: Transport[] = [
  {
    name: 'GraphQL over SSE (graphql-sse, distinct connections)',
    connect: (base, token) => createSseClient({ url: `${base}/graphql`, headers: bearer(token), retryAttempts: 0 }),
  },
  {
    name: 'GraphQL over SSE (graphql-sse, single connection)',
    connect: (base, token) => createSseClient({ url: `${base}/graphql`, headers: bearer(token), retryAttempts: 0, singleConnection: true }),
  },
  {
    name: 'GraphQL over WebSocket (graphql-ws)',
    connect: (base, token) =>
      createWsClient({
        url: `${base.replace(/^http/, 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: bearer(token),
        retryAttempts: 0,
        lazy: true,
      }),
  },
];

/** A token of `sub` app-1 that expires in `seconds`. */
export const shortLivedToken = (seconds: number, claims: Record<string, unknown> = {}) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('app-1')
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(new TextEncoder().encode(SECRET));
