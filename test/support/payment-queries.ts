import type { TestService } from './service.js';

export const ORDER_PAYMENT = `query($id: ID!) { order(id: $id) {
  id status pendingStatus paymentStatus paymentExpiresAt estimateSource paymentProviderReference createdAt updatedAt } }`;

export const CREATE_ORDER_BRIEF = `mutation($input: CreateOrderInput!) { createOrder(input: $input) { __typename
  ... on CreateOrderSuccess { order { id estimateSource distance duration partnerDistance partnerDuration paymentStatus } }
  ... on Error { code message } } }`;

/** The order as GraphQL's `order(id)` shows its payment, as a frontend polls it. */
export async function paymentOf(service: Pick<TestService, 'gql'>, id: number | string) {
  const { body } = await service.gql(ORDER_PAYMENT, { id: String(id) });
  return body.data.order as {
    status: string;
    pendingStatus: string | null;
    paymentStatus: string;
    paymentExpiresAt: string | null;
    estimateSource: string;
    paymentProviderReference: string;
    createdAt: string;
    updatedAt: string;
  };
}

/** The rows kept of payment notifications. */
export async function notificationRows(service: Pick<TestService, 'sql'>) {
  const { rows } = await service.sql.query<{ provider: string; payment_id: string; deliveries: number; outcome: string | null }>(
    'select provider, payment_id, deliveries, outcome from payment_notifications order by id',
  );
  return rows;
}
