import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../src/platform/errors.js';
import { parseOrderRequest } from '../../../src/orders/domain/order-request.js';

const valid = {
  originLatitude: -33.4378,
  originLongitude: -70.6505,
  destinationLatitude: -33.495,
  destinationLongitude: -70.58,
  serviceCode: 1,
  phoneNumber: '+56912345678',
  vehicleIdentification: 'ABCD12',
};
const onSite = { ...valid, serviceCode: 2, destinationLatitude: undefined, destinationLongitude: undefined };

function rejection(input: unknown): InvalidInputError {
  try {
    parseOrderRequest(input);
  } catch (error) {
    if (error instanceof InvalidInputError) return error;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(input)}`);
}

function expectInvalid(input: unknown, field: string): InvalidInputError {
  const error = rejection(input);
  expect(error.code).toBe('INVALID_INPUT');
  expect(error.field).toBe(field);
  return error;
}

describe('parseOrderRequest: a valid request', () => {
  it('comes back with its coordinates, service, phone and plate', () => {
    const request = parseOrderRequest(valid);

    expect(request).toMatchObject({
      origin: { latitude: -33.4378, longitude: -70.6505 },
      destination: { latitude: -33.495, longitude: -70.58 },
      serviceCode: 1,
      phoneNumber: '+56912345678',
      vehicleIdentification: 'ABCD12',
      clientName: null,
    });
  });

  it('accepts the limits of latitude and longitude', () => {
    const request = parseOrderRequest({ ...onSite, originLatitude: -90, originLongitude: 180 });

    expect(request.origin).toEqual({ latitude: -90, longitude: 180 });
  });

  it('normalises the plate: upper case, without spaces and hyphens', () => {
    expect(parseOrderRequest({ ...valid, vehicleIdentification: 'ab-12 cd' }).vehicleIdentification).toBe('AB12CD');
  });

  it('ignores unknown fields', () => {
    const request = parseOrderRequest({ ...valid, serviceId: 99, colour: 'red' });

    expect(request).not.toHaveProperty('serviceId');
    expect(request).not.toHaveProperty('colour');
  });
});

describe('parseOrderRequest: destination', () => {
  it.each([2, 3])('service %i without a destination is done at the origin', (serviceCode) => {
    const request = parseOrderRequest({ ...onSite, serviceCode, destinationLatitude: null });

    expect(request.destination).toEqual(request.origin);
  });

  it('towing without a destination names destinationLatitude as required', () => {
    const error = expectInvalid({ ...valid, destinationLatitude: undefined, destinationLongitude: undefined }, 'destinationLatitude');

    expect(error.reason).toBe('es obligatorio');
  });

  it.each([
    { given: { destinationLatitude: -33.5 }, missing: 'destinationLongitude' },
    { given: { destinationLongitude: -70.5 }, missing: 'destinationLatitude' },
  ])('with only one destination coordinate, names the missing $missing', ({ given, missing }) => {
    expectInvalid({ ...onSite, ...given }, missing);
    expectInvalid({ ...valid, destinationLatitude: undefined, destinationLongitude: undefined, ...given }, missing);
  });
});

describe('parseOrderRequest: titles and client name', () => {
  it('titles default to the coordinates as text, and are always strings', () => {
    const request = parseOrderRequest({ ...valid, originTitle: '', destinationTitle: null });

    expect(request.originTitle).toBe('-33.43780, -70.65050');
    expect(request.destinationTitle).toBe('-33.49500, -70.58000');
  });

  it('keeps the titles given, trimmed', () => {
    const request = parseOrderRequest({ ...valid, originTitle: ' Alameda 100 ', destinationTitle: 'Taller' });

    expect([request.originTitle, request.destinationTitle]).toEqual(['Alameda 100', 'Taller']);
  });

  it.each([undefined, null, '', '   '])('clientName %j becomes null', (clientName) => {
    expect(parseOrderRequest({ ...valid, clientName }).clientName).toBeNull();
  });

  it('keeps a client name given', () => {
    expect(parseOrderRequest({ ...valid, clientName: 'Ana Pérez' }).clientName).toBe('Ana Pérez');
  });
});

describe('parseOrderRequest: each rule names its field', () => {
  it.each([
    ['originLatitude', 90.0001], ['originLatitude', -91], ['originLongitude', 180.5], ['originLongitude', -181],
    ['destinationLatitude', 95], ['destinationLongitude', -200],
    ['originLatitude', Number.NaN], ['originLongitude', Number.POSITIVE_INFINITY], ['destinationLatitude', Number.NEGATIVE_INFINITY],
    ['originLatitude', '-33.4'], ['originLongitude', '-70.6'], ['destinationLongitude', '-70.5'],
    ['serviceCode', 4], ['serviceCode', 0], ['serviceCode', '1'], ['serviceCode', 1.5],
    ['phoneNumber', '12345'], ['phoneNumber', '56912345678'], ['phoneNumber', '+0123'], ['phoneNumber', '+5691234567812345'],
    ['phoneNumber', '+56 9 1234 5678'], ['phoneNumber', 56912345678],
    ['vehicleIdentification', ''], ['vehicleIdentification', ' - - '], ['vehicleIdentification', 'AB_12'],
    ['clientName', 'x'.repeat(201)], ['clientName', 42], ['originTitle', 'x'.repeat(301)], ['destinationTitle', false],
  ])('%s = %j is refused', (field, value) => {
    const error = expectInvalid({ ...valid, [field]: value }, field);

    expect(error.reason).not.toBe('es obligatorio');
  });

  it.each(['originLatitude', 'originLongitude', 'serviceCode', 'phoneNumber', 'vehicleIdentification'])(
    '%s is required: missing or null',
    (field) => {
      const { [field as keyof typeof valid]: _omitted, ...missing } = valid;

      expect(expectInvalid(missing, field).reason).toBe('es obligatorio');
      expect(expectInvalid({ ...valid, [field]: null }, field).reason).toBe('es obligatorio');
    },
  );

  it.each([null, undefined, 42, 'text'])('a non-object input (%j) names originLatitude', (input) => {
    expectInvalid(input, 'originLatitude');
  });

  it('an array input is refused as invalid input', () => {
    expect(rejection([]).code).toBe('INVALID_INPUT');
  });

  it('an array input names originLatitude', () => {
    expectInvalid([], 'originLatitude');
  });
});
