import type { ExecutionResult } from 'graphql';
import { expect } from 'vitest';
import { startFrontedService } from '../support/fronted-service.js';
import { restBody, signTestToken, type TestService, type TestServiceOptions } from '../support/service.js';

export const ORDER_UPDATED = `subscription($id: ID!) { orderUpdated(id: $id) {
  id status pendingStatus paymentStatus partnerDistance updatedAt partner { id } } }`;

/** The service behind its public front, listening, so that the sandbox's Pay reaches it. */
export const startLiveService = (options: TestServiceOptions = {}) => startFrontedService({ listen: true, ...options });

/** A new order of the test token's subject (app-1), not yet paid. */
export async function newOrder(service: Pick<TestService, 'rest'>, auth?: string): Promise<{ id: number; reference: string; link: string }> {
  const { status, body } = await service.rest(restBody(), auth ? { auth } : {});
  expect(status).toBe(200);
  const link = body.paymentProviderReference as string;
  return { id: body.id, link, reference: decodeURIComponent(link.slice(link.lastIndexOf('/') + 1)) };
}

/** Pays the order through the sandbox's page, as a payer's browser does. */
export async function pay(order: { link: string }): Promise<void> {
  const answer = await fetch(`${order.link}/pay`, { method: 'POST', redirect: 'manual' });
  expect(answer.status).toBe(303);
}

/** The operator the paid order is offered to: the nearest demo operator, once the offer is made. */
export async function offeredOperator(service: Pick<TestService, 'sql' | 'lifecycle'>, orderId: number): Promise<string> {
  const offered = async () => {
    const { rows } = await service.sql.query<{ operator_id: string }>(
      'select operator_id from order_offers where order_id = $1 and outcome is null',
      [orderId],
    );
    if (!rows[0]) await service.lifecycle.runTimers();
    return rows[0]?.operator_id ?? null;
  };
  await expect.poll(offered, { timeout: 10_000 }).not.toBeNull();
  return (await offered())!;
}

/** A token of the operators' app acting as `operatorId`. */
export const operatorToken = (operatorId: string) => signTestToken({ sub: `device-${operatorId}`, scope: 'operator', operator_id: operatorId });

type Sinkable = {
  subscribe(payload: { query: string; variables: Record<string, unknown> }, sink: {
    next(value: ExecutionResult<any>): void;
    error(error: unknown): void;
    complete(): void;
  }): () => void;
};

/** What one subscription of `orderUpdated` received, as it comes. */
export function watch(client: Sinkable, id: number | string) {
  const results: ExecutionResult<any>[] = [];
  const state = { error: undefined as unknown, completed: false };
  const stop = client.subscribe(
    { query: ORDER_UPDATED, variables: { id: String(id) } },
    { next: (value) => results.push(value), error: (error) => (state.error = error), complete: () => (state.completed = true) },
  );
  return {
    results,
    state,
    stop,
    /** The orders received, in order. */
    orders: () => results.flatMap((r) => (r.data?.orderUpdated ? [r.data.orderUpdated] : [])),
    /** Where the order stood in each one: its pendingStatus while pending, else its status. */
    steps: () => results.flatMap((r) => (r.data?.orderUpdated ? [r.data.orderUpdated.pendingStatus ?? r.data.orderUpdated.status] : [])),
    /** The codes of the errors received. */
    codes: () => results.flatMap((r) => (r.errors ?? []).map((e: any) => e.extensions?.code)),
  };
}

export type Watch = ReturnType<typeof watch>;
