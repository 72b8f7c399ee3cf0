import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainErrorCode } from '../../src/core/errors.js';
import { ERROR_TABLE } from '../../src/error-table.js';
import { idempotentRequest } from '../../src/http/idempotency-header.js';
import { createIdempotencyStore } from '../../src/store/idempotency-store.js';
import { CREATE_ORDER } from '../support/operations.js';
import { NOWHERE, restBody, startTestService, type TestService } from '../support/service.js';

// One input per outcome, in REST's shape; the GraphQL input is derived from it.
const CASES: Record<DomainErrorCode | 'SUCCESS', Record<string, unknown>> = {
  SUCCESS: restBody(),
  INVALID_INPUT: restBody({ phoneNumber: '+12' }),
  NO_OPERATOR_AVAILABLE: restBody({ originLatitude: NOWHERE.latitude, originLongitude: NOWHERE.longitude }),
  PAYMENT_PROVIDER_UNAVAILABLE: restBody({ serviceId: 3 }),
};

const SERVICE_NAMES = ['TOWING', 'BATTERY_JUMP_START', 'TYRE_CHANGE'];
const toGraphQLInput = ({ serviceId, ...rest }: Record<string, unknown>) => ({
  ...rest,
  serviceCode: SERVICE_NAMES[Number(serviceId) - 1],
});

let service: TestService;
beforeAll(async () => {
  // A provider that fails for tyre changes, so that every outcome can be reached through both edges.
  service = await startTestService({
    payments: {
      async createPaymentLink({ description, reference }) {
        if (description.includes('neumático')) throw new Error('provider down');
        return { url: `https://pay.example/${reference}` };
      },
      async cancelPaymentLink() {},
      async refundPayment() {},
    },
  });
});
afterAll(() => service.close());

describe('REST and GraphQL agree on every outcome', () => {
  it.each(Object.keys(CASES) as (keyof typeof CASES)[])('%s', async (outcome) => {
    const before = await service.countOrders();
    const rest = await service.rest(CASES[outcome]);
    const graphql = (await service.gql(CREATE_ORDER, { input: toGraphQLInput(CASES[outcome]) })).body.data.createOrder;

    if (outcome === 'SUCCESS') {
      expect(rest.status).toBe(200);
      expect(graphql.__typename).toBe('CreateOrderSuccess');
      for (const key of ['distance', 'duration', 'totalAmount', 'partnerAmount', 'platformAmount', 'currency',
        'partnerDistance', 'partnerDuration', 'vehicleIdentification', 'clientPhone', 'originTitle']) {
        expect(graphql.order[key], key).toEqual(rest.body[key]);
      }
      expect(await service.countOrders()).toBe(before + 2);
      return;
    }
    const entry = ERROR_TABLE[outcome];
    expect(rest.status).toBe(entry.status);
    expect(rest.body.code).toBe(outcome);
    expect(graphql).toMatchObject({ __typename: entry.graphqlType, code: outcome, message: rest.body.message });
    if (typeof entry.message === 'string') expect(rest.body.message).toBe(entry.message);
    expect(await service.countOrders()).toBe(before);
  });
});

describe('REST and GraphQL agree on refusals of an Idempotency-Key', () => {
  const graphqlBody = (input: Record<string, unknown>) => JSON.stringify({ query: CREATE_ORDER, variables: { input } });
  const send = (face: 'rest' | 'graphql', key: string, body: Record<string, unknown>) =>
    service.call(face === 'rest' ? '/applications/orders' : '/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: face === 'rest' ? JSON.stringify(body) : graphqlBody(toGraphQLInput(body)),
    });
  const codeOf = (face: 'rest' | 'graphql', answer: { body: any }) =>
    face === 'rest' ? answer.body.code : answer.body.errors?.[0]?.extensions?.code;
  const messageOf = (face: 'rest' | 'graphql', answer: { body: any }) =>
    face === 'rest' ? answer.body.message : answer.body.errors?.[0]?.message;

  it.each(['rest', 'graphql'] as const)('IDEMPOTENCY_KEY_REUSED through %s', async (face) => {
    const key = `reused-${face}`;
    await send(face, key, CASES.SUCCESS);
    const answer = await send(face, key, restBody({ serviceId: 2 }));
    const { status, message } = ERROR_TABLE.IDEMPOTENCY_KEY_REUSED;
    expect([answer.status, codeOf(face, answer), messageOf(face, answer)]).toEqual([status, 'IDEMPOTENCY_KEY_REUSED', message]);
  });

  it.each(['rest', 'graphql'] as const)('IDEMPOTENCY_KEY_IN_USE through %s', async (face) => {
    const key = `in-use-${face}`;
    // The first request is still running: its claim is there, with no order yet.
    const content = face === 'rest' ? CASES.SUCCESS : JSON.parse(graphqlBody(toGraphQLInput(CASES.SUCCESS)));
    const { fingerprint } = idempotentRequest(key, face, content)!;
    await createIdempotencyStore(service.sql, { staleAfterMs: 60_000, keepForMs: 86_400_000 })
      .claim('app-1', key, fingerprint, new Date());
    const answer = await send(face, key, CASES.SUCCESS);
    const { status, message } = ERROR_TABLE.IDEMPOTENCY_KEY_IN_USE;
    expect([answer.status, codeOf(face, answer), messageOf(face, answer)]).toEqual([status, 'IDEMPOTENCY_KEY_IN_USE', message]);
  });
});
