import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/platform/errors.js';
import { parseNearQuery, parseOperatorDraft, parseOperatorMove } from '../../src/operators/domain/input.js';

const valid = { id: 'op-1', name: ' Grúas Sur ', phone: '+56912345678', services: [3, 1, 3], latitude: -33.4, longitude: -70.6 };

function refusal(parse: () => unknown): { field: string; reason: string } {
  try {
    parse();
  } catch (error) {
    if (error instanceof InvalidInputError) return { field: error.field, reason: error.reason };
    throw error;
  }
  throw new Error('accepted');
}

describe('the rules for an operator', () => {
  it('when every field is valid, then the draft has the services once each, in order, and no duty of its own', () => {
    expect(parseOperatorDraft(valid)).toEqual({
      id: 'op-1',
      name: 'Grúas Sur',
      phone: '+56912345678',
      services: [1, 3],
      position: { latitude: -33.4, longitude: -70.6 },
      onDuty: null,
    });
  });

  it.each([
    ['id', { id: 'a/b' }],
    ['id', { id: 'x'.repeat(65) }],
    ['name', { name: '' }],
    ['phone', { phone: '+5691234' }],
    ['services', { services: [] }],
    ['services', { services: [4] }],
    ['services', { services: '1' }],
    ['latitude', { latitude: -90.01 }],
    ['latitude', { latitude: Number.NaN }],
    ['longitude', { longitude: 180.5 }],
    ['longitude', { longitude: Number.POSITIVE_INFINITY }],
    ['onDuty', { onDuty: 'yes' }],
  ])('when %s is %j, then it is refused naming the field', (field, over) => {
    expect(refusal(() => parseOperatorDraft({ ...valid, ...over })).field).toBe(field);
  });

  it('when a field is missing, then the message says it is required', () => {
    const { latitude: _, ...rest } = valid;
    expect(refusal(() => parseOperatorDraft(rest))).toEqual({ field: 'latitude', reason: 'es obligatorio' });
  });

  it('a move needs an id and a position in range', () => {
    expect(parseOperatorMove({ id: 'a', latitude: 90, longitude: -180 })).toEqual({ id: 'a', position: { latitude: 90, longitude: -180 } });
    expect(refusal(() => parseOperatorMove({ id: 'a', latitude: 0 })).field).toBe('longitude');
  });

  it('a near query takes the dispatch radius and ten operators unless it says otherwise', () => {
    expect(parseNearQuery({ latitude: 1, longitude: 2 }, 25_000)).toEqual({
      point: { latitude: 1, longitude: 2 },
      service: null,
      radiusMetres: 25_000,
      limit: 10,
    });
    expect(parseNearQuery({ latitude: 1, longitude: 2, serviceCode: 2, radiusKm: 1.5, limit: 3 }, 25_000)).toMatchObject({
      service: 2,
      radiusMetres: 1500,
      limit: 3,
    });
    expect(refusal(() => parseNearQuery({ latitude: 1, longitude: 2, limit: 2.5 }, 1)).field).toBe('limit');
    expect(refusal(() => parseNearQuery({ latitude: 1, longitude: 2, radiusKm: -1 }, 1)).field).toBe('radiusKm');
  });
});
