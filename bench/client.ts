import { Pool } from 'undici';
import { TRIP } from './requests.js';

// Every call of the sections' own drivers has a deadline: a service that stops answering fails
// the section instead of hanging the bench.
const DEADLINE_MS = 30_000;

export interface PlacedOrder {
  id: number;
  paymentProviderReference: string;
}

/** A GraphQL answer's field that is a union member: an error member carries its `code`. */
interface Member {
  __typename: string;
  code?: string;
}

/**
 * The service as the sections' drivers call it, over kept-alive connections (`connections` at
 * most): GraphQL operations, REST orders and the sandbox's Pay button.
 */
export function serviceClient(url: string, connections: number) {
  const pool = new Pool(url, { connections, headersTimeout: DEADLINE_MS, bodyTimeout: DEADLINE_MS, pipelining: 1 });

  async function send(method: 'GET' | 'POST', path: string, token: string | null, body?: string) {
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const answer = await pool.request({ method, path, headers, body, signal: AbortSignal.timeout(DEADLINE_MS) });
    return { status: answer.statusCode, text: await answer.body.text() };
  }

  /** The answer's `data`; throws with the answer when it is not a 200 without errors. */
  async function graphql<T = Record<string, unknown>>(token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const { status, text } = await send('POST', '/graphql', token, JSON.stringify({ query, variables }));
    const answer = status === 200 ? (JSON.parse(text) as { data?: T; errors?: unknown[] }) : undefined;
    if (!answer?.data || answer.errors) throw new Error(`GraphQL answered ${status}: ${text.slice(0, 300)}`);
    return answer.data;
  }

  return {
    graphql,

    /** A mutation whose field answers a union: throws when the member is an error. */
    async mutate(token: string, field: string, query: string, variables: Record<string, unknown>): Promise<Member> {
      const member = (await graphql<Record<string, Member>>(token, query, variables))[field];
      if (!member || member.code !== undefined) throw new Error(`${field} answered ${JSON.stringify(member)}`);
      return member;
    },

    /** A towing order across Santiago, through REST. */
    async createOrder(token: string): Promise<PlacedOrder> {
      const { status, text } = await send('POST', '/applications/orders', token, JSON.stringify(Object.assign({ serviceId: 1 }, TRIP)));
      if (status !== 200) throw new Error(`REST create order answered ${status}: ${text.slice(0, 300)}`);
      return JSON.parse(text) as PlacedOrder;
    },

    /** The payer clicks Pay on the sandbox page of the order's link: answered with a redirect. */
    async pay(order: PlacedOrder): Promise<void> {
      const { status, text } = await send('POST', `${new URL(order.paymentProviderReference).pathname}/pay`, null);
      if (status !== 303) throw new Error(`paying order ${order.id} answered ${status}: ${text.slice(0, 300)}`);
    },

    /** Polls the order (its owner's `token`) until its pendingStatus is `status`, for `withinMs` at most. */
    async waitFor(token: string, orderId: number, status: string, withinMs = 10_000): Promise<void> {
      const deadline = Date.now() + withinMs;
      for (;;) {
        const { order } = await graphql<{ order: { pendingStatus: string | null } | null }>(token, ORDER_STATE, { id: String(orderId) });
        if (order?.pendingStatus === status) return;
        if (Date.now() > deadline) throw new Error(`order ${orderId} is not ${status} after ${withinMs} ms: ${JSON.stringify(order)}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },

    close: () => pool.close(),
  };
}

export type ServiceClient = ReturnType<typeof serviceClient>;

const ORDER_STATE = 'query($id: ID!){ order(id: $id){ pendingStatus } }';
