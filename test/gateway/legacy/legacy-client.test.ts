import { describe, expect, it } from 'vitest';
import { parseOrderRequest } from '../../../src/orders/domain/order-request.js';
import { createLegacyClient } from '../../../src/gateway/legacy/legacy-client.js';
import { arrange, CALLER, towing, track } from './arrange-client.js';

describe('asking the legacy service for an order', () => {
  it('when the legacy makes the order, then its body comes back exactly as written, with the checked order', async () => {
    const { fake, client } = await arrange();

    const outcome = await client.createOrder(towing, CALLER);

    expect(outcome.kind).toBe('order');
    if (outcome.kind !== 'order') return;
    expect(outcome.body).toBe(fake.answered[0]!.body);
    expect(outcome.json).toMatchObject({ mercadoPagoReference: outcome.order.paymentUrl, channel: 'integrations-api', tracking: { code: 'TRK-1' } });
    expect(outcome.json).not.toHaveProperty('paymentProviderReference');
    expect(outcome.order).toMatchObject({ id: 1, status: 'pending', pendingStatus: 'pending_payment', vehicleIdentification: 'AB12CD' });
    expect(outcome.corrections).toEqual([]);
  });

  it('when it posts, then the legacy gets the seven fields of the spec and the caller token unchanged', async () => {
    const { fake, client } = await arrange();

    await client.createOrder(towing, CALLER);

    const [received] = fake.requests;
    expect(received).toMatchObject({ method: 'POST', path: '/applications/orders' });
    expect(received!.headers).toMatchObject({ authorization: CALLER, 'content-type': 'application/json' });
    expect(JSON.parse(received!.body)).toEqual({
      originLatitude: -33.4378, originLongitude: -70.6505, destinationLatitude: -33.495, destinationLongitude: -70.58,
      serviceId: 1, phoneNumber: '+56912345678', vehicleIdentification: 'AB12CD',
    });
  });

  it('when the service is on site, then the destination sent is the origin', async () => {
    const { fake, client } = await arrange();
    const battery = parseOrderRequest({
      originLatitude: -33.4378, originLongitude: -70.6505, serviceCode: 2, phoneNumber: '+56912345678', vehicleIdentification: 'AB12CD',
    });

    await client.createOrder(battery, CALLER);

    expect(JSON.parse(fake.requests[0]!.body)).toMatchObject({ serviceId: 2, destinationLatitude: -33.4378, destinationLongitude: -70.6505 });
  });

  it('when a token of ours is configured, then it is sent instead of the caller token', async () => {
    const { fake, client } = await arrange({ token: 'gateway-secret' }, { acceptToken: 'gateway-secret' });

    const outcome = await client.createOrder(towing, CALLER);

    expect(outcome.kind).toBe('order');
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer gateway-secret');
  });

  it('when the legacy writes the misspelled pendingStatus, then the order says pending_partner and reports the correction', async () => {
    const { client, fake } = await arrange({}, { mode: { kind: 'misspelled' } });

    const outcome = await client.createOrder(towing, CALLER);

    expect(outcome).toMatchObject({
      kind: 'order',
      order: { pendingStatus: 'pending_partner' },
      corrections: [{ field: 'pendingStatus', raw: 'pending_parner', value: 'pending_partner' }],
    });
    expect(outcome.kind === 'order' && outcome.body).toBe(fake.answered[0]!.body);
  });

  it('when no operator is available, then the outcome is no-operator with the exact message', async () => {
    const { client } = await arrange({}, { mode: { kind: 'no-operator' } });

    expect(await client.createOrder(towing, CALLER)).toEqual({ kind: 'no-operator', mayHaveReached: true, message: 'No hay grueros disponibles' });
  });

  it('when the legacy refuses with another 400, then its message is passed on', async () => {
    const { client } = await arrange({}, { mode: { kind: 'rejected', message: 'Patente no registrada' } });

    expect(await client.createOrder(towing, CALLER)).toEqual({ kind: 'rejected', mayHaveReached: true, message: 'Patente no registrada' });
  });

  it('when the forwarded caller token is refused, then the outcome is unauthorized, with forwarded credentials', async () => {
    const { client } = await arrange({}, { acceptToken: 'another-token' });

    expect(await client.createOrder(towing, CALLER)).toEqual({ kind: 'unauthorized', mayHaveReached: true, credentials: 'forwarded' });
  });

  it('when our configured token is refused, then the outcome says it was ours', async () => {
    const { client } = await arrange({ token: 'stale-secret' }, { acceptToken: 'gateway-secret' });

    expect(await client.createOrder(towing, CALLER)).toEqual({ kind: 'unauthorized', mayHaveReached: true, credentials: 'configured' });
  });

  it('when the legacy forbids the call, then the outcome is forbidden', async () => {
    const { client } = await arrange({}, { mode: { kind: 'forbidden' } });

    expect(await client.createOrder(towing, CALLER)).toEqual({ kind: 'forbidden', mayHaveReached: true, credentials: 'forwarded' });
  });

  it.each([500, 502, 503])('when the legacy answers %i, then it is unavailable and the order may have been made', async (status) => {
    const { client } = await arrange({}, { mode: { kind: 'status', status } });

    expect(await client.createOrder(towing, CALLER)).toEqual({ kind: 'unavailable', mayHaveReached: true, reason: 'status', status });
  });

  it('when the legacy answers a status the spec does not give, then it is a bad response', async () => {
    const { client } = await arrange({}, { mode: { kind: 'status', status: 409 } });

    expect(await client.createOrder(towing, CALLER)).toEqual({ kind: 'bad-response', mayHaveReached: true, status: 409, reason: 'status' });
  });

  it('when the base URL has a path, then orders are posted under it', async () => {
    const { fake } = await arrange();
    const client = track(createLegacyClient({ baseUrl: `${fake.url}/legacy/v1/`, token: null, timeoutMs: 5_000, paymentField: fake.paymentField }));

    await client.createOrder(towing, CALLER);

    expect(fake.requests.map((r) => r.path)).toEqual(['/legacy/v1/applications/orders']);
  });

  it('when the legacy answers something that is not JSON, then it is a bad response', async () => {
    const { client } = await arrange({}, { mode: { kind: 'not-json' } });

    expect(await client.createOrder(towing, CALLER)).toEqual({ kind: 'bad-response', mayHaveReached: true, status: 200, reason: 'not-json' });
  });

  it('when the legacy answers JSON that is not an order, then the problems name the fields', async () => {
    const { client } = await arrange({}, { mode: { kind: 'not-an-order' } });

    const outcome = await client.createOrder(towing, CALLER);

    expect(outcome).toMatchObject({ kind: 'bad-response', mayHaveReached: true, status: 200, reason: 'not-an-order' });
    expect(outcome.kind === 'bad-response' && outcome.problems).toContainEqual({ field: 'mercadoPagoReference', reason: 'missing' });
  });

  it('when the payment URL comes under another key than the configured one, then it is not an order', async () => {
    const { client } = await arrange({ paymentField: 'webpayReference' });

    const outcome = await client.createOrder(towing, CALLER);

    expect(outcome).toMatchObject({ kind: 'bad-response', problems: [{ field: 'webpayReference', reason: 'missing' }] });
  });

  it('when the answer is longer than the limit, then it is a bad response', async () => {
    const { client } = await arrange({ maxResponseBytes: 200 });

    expect(await client.createOrder(towing, CALLER)).toEqual({ kind: 'bad-response', mayHaveReached: true, status: 200, reason: 'too-large' });
  });
});
