import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { greatCircleMetres } from '../../src/orders/domain/geo.js';
import { NOWHERE, restBody, signTestToken, startTestService, type TestService } from '../support/service.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ env: { PAYMENT_REFERENCE_LEGACY_FIELD: 'flowReference' } });
});
afterAll(() => service.close());

describe('POST /applications/orders', () => {
  it('when the request is valid, then the order comes back in the legacy wire format and is stored', async () => {
    const before = await service.countOrders();
    const { status, body, headers } = await service.rest(restBody({ clientName: 'Ana Pérez' }));

    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(body)).toEqual([
      'id', 'status', 'pendingStatus', 'paymentProviderReference', 'originLatitude', 'originLongitude',
      'destinationLatitude', 'destinationLongitude', 'originTitle', 'destinationTitle', 'serviceCode',
      'vehicleIdentification', 'duration', 'distance', 'totalAmount', 'partnerAmount', 'platformAmount', 'currency',
      'partnerDistance', 'partnerDuration', 'clientName', 'clientPhone', 'partner', 'createdAt', 'updatedAt',
      'estimateSource', 'paymentStatus', 'flowReference',
    ]);
    expect(body).toMatchObject({
      status: 'pending',
      pendingStatus: 'pending_payment',
      paymentStatus: 'pending',
      serviceCode: 1,
      vehicleIdentification: 'AB12CD',
      clientName: 'Ana Pérez',
      clientPhone: '+56912345678',
      partner: null,
      currency: 'CLP',
    });
    expect(body.flowReference).toBe(body.paymentProviderReference);
    expect(body.paymentProviderReference).toMatch(/^http:\/\/service\.test\/sandbox\/payments\/[\w-]+$/);
    expect(body.duration).toMatch(/^\d+s$/);
    expect(body.partnerDuration).toMatch(/^\d+s$/);
    expect(body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(body.updatedAt).toBe(body.createdAt);
    expect(body.totalAmount).toBe(body.partnerAmount + body.platformAmount);
    const greatCircle = greatCircleMetres(
      { latitude: body.originLatitude, longitude: body.originLongitude },
      { latitude: body.destinationLatitude, longitude: body.destinationLongitude },
    );
    expect(body.distance).toBeGreaterThanOrEqual(greatCircle);
    expect(await service.countOrders()).toBe(before + 1);
  });

  it('when ids are handed out, then they are distinct and increasing', async () => {
    const a = await service.rest(restBody());
    const b = await service.rest(restBody());
    expect(b.body.id).toBeGreaterThan(a.body.id);
  });

  it('when a battery jump-start has no destination, then it stays at the origin with no distance', async () => {
    const { body } = await service.rest(restBody({ serviceId: 2, destinationLatitude: undefined, destinationLongitude: undefined }));
    expect(body).toMatchObject({ serviceCode: 2, distance: 0, duration: '0s', destinationLatitude: body.originLatitude });
    expect(body.originTitle).toBe('-33.43780, -70.65050');
  });

  it("when the body has no clientName, then the token's name claim is used", async () => {
    const auth = `Bearer ${await signTestToken({ name: 'Taller Central' })}`;
    const { body } = await service.rest(restBody(), { auth });
    expect(body.clientName).toBe('Taller Central');
  });

  it('when no operator is near the origin, then it answers 400 "No hay grueros disponibles" and stores nothing', async () => {
    const before = await service.countOrders();
    const { status, body } = await service.rest(
      restBody({ originLatitude: NOWHERE.latitude, originLongitude: NOWHERE.longitude, serviceId: 2 }),
    );
    expect(status).toBe(400);
    expect(body).toEqual({ message: 'No hay grueros disponibles', code: 'NO_OPERATOR_AVAILABLE' });
    expect(await service.countOrders()).toBe(before);
  });

  it.each([
    ['latitude above 90', { originLatitude: 91 }, 'originLatitude'],
    ['longitude below -180', { originLongitude: -181 }, 'originLongitude'],
    ['latitude as text', { originLatitude: '-33.4' }, 'originLatitude'],
    ['latitude null', { originLatitude: null }, 'originLatitude'],
    ['unknown serviceId', { serviceId: 4 }, 'serviceId'],
    ['missing serviceId', { serviceId: undefined }, 'serviceId'],
    ['phone not E.164', { phoneNumber: '912345678' }, 'phoneNumber'],
    ['empty plate', { vehicleIdentification: ' - ' }, 'vehicleIdentification'],
    ['towing without destination', { destinationLatitude: undefined }, 'destinationLatitude'],
  ])('when the %s, then it answers 400 INVALID_INPUT naming the field and stores nothing', async (_, over, field) => {
    const before = await service.countOrders();
    const { status, body } = await service.rest(restBody(over));
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'INVALID_INPUT', field });
    expect(body.message).toContain(field);
    expect(await service.countOrders()).toBe(before);
  });

  it.each([
    ['broken JSON', '{"originLatitude": '],
    ['a JSON array', '[]'],
    ['a JSON number', '42'],
    ['JSON null', 'null'],
    ['an empty body', ''],
  ])('when the body is %s, then it answers 400 MALFORMED_JSON', async (_, raw) => {
    const { status, body } = await service.rest(undefined, { body: raw });
    expect(status).toBe(400);
    expect(body.code).toBe('MALFORMED_JSON');
  });

  it('when the content type is not JSON, then it answers 415', async () => {
    const { status, body } = await service.rest(undefined, {
      body: JSON.stringify(restBody()),
      headers: { 'content-type': 'text/plain' },
    });
    expect(status).toBe(415);
    expect(body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('when the body is over the limit, then it answers 413, declared or not', async () => {
    const big = JSON.stringify(restBody({ clientName: 'x'.repeat(20_000) }));
    const declared = await service.rest(undefined, { body: big, headers: { 'content-length': String(big.length) } });
    const streamed = await service.rest(undefined, {
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect([declared.status, declared.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect([streamed.status, streamed.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it.each([
    ['no Authorization header', null],
    ['a Basic scheme', 'Basic YTpi'],
    ['garbage', 'Bearer not.a.jwt'],
  ])('when there is %s, then it answers 401 with WWW-Authenticate: Bearer', async (_, auth) => {
    const { status, body, headers } = await service.rest(restBody(), { auth });
    expect(status).toBe(401);
    expect(body.code).toBe('UNAUTHENTICATED');
    expect(headers.get('www-authenticate')).toBe('Bearer');
  });

  it('when the token is signed with another secret, then it answers 401', async () => {
    const auth = `Bearer ${await signTestToken({}, 'another-secret-of-at-least-thirty-two-bytes')}`;
    expect((await service.rest(restBody(), { auth })).status).toBe(401);
  });

  it('when the method is not POST, then it answers 405 with Allow: POST', async () => {
    const { status, body, headers } = await service.call('/applications/orders');
    expect([status, body.code, headers.get('allow')]).toEqual([405, 'METHOD_NOT_ALLOWED', 'POST']);
  });

  it('when the path is unknown, then it answers 404 NOT_FOUND', async () => {
    const { status, body } = await service.call('/nothing-here');
    expect([status, body.code]).toEqual([404, 'NOT_FOUND']);
  });
});
