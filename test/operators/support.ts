import { readFileSync } from 'node:fs';
import type { UpsertOperatorInput } from '../generated/schema-types.js';
import { SANTIAGO, signTestToken, type TestService } from '../support/service.js';

const read = (file: string) => readFileSync(new URL(`../operations/${file}`, import.meta.url), 'utf8');
const FIELDS = read('operators-fields.graphql');

// The operations' texts with the fragment they use; their types are in ../generated/operations.ts.
export const UPSERT_OPERATOR = read('operators-upsert.graphql') + FIELDS;
export const MOVE_OPERATOR = read('operators-move.graphql') + FIELDS;
export const SET_OPERATOR_DUTY = read('operators-duty.graphql') + FIELDS;
export const REMOVE_OPERATOR = read('operators-remove.graphql');
export const OPERATORS_NEAR = read('operators-near.graphql') + FIELDS;
export const FIND_OPERATOR = read('operators-find.graphql') + FIELDS;

export const bearer = async (scope?: string) => `Bearer ${await signTestToken(scope === undefined ? {} : { scope })}`;
/** A platform's token: it manages the roster. */
export const platformAuth = () => bearer('operators:read operators:write');

/** A point `km` kilometres north of Plaza de Armas (one degree of latitude ≈ 111.195 km). */
export const northOfSantiago = (km: number) => ({ latitude: SANTIAGO.latitude + km / 111.195, longitude: SANTIAGO.longitude });

export const operatorInput = (id: string, over: Partial<UpsertOperatorInput> = {}): UpsertOperatorInput => ({
  id,
  name: `Grúas ${id}`,
  phone: '+56922223333',
  services: ['TOWING', 'BATTERY_JUMP_START'],
  ...northOfSantiago(1),
  ...over,
});

/** Runs an operation with a platform's token and answers its `data`, failing on top-level errors. */
export async function asPlatform<T>(service: TestService, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await service.gql(query, variables, { auth: await platformAuth() });
  if (response.body?.errors) throw new Error(JSON.stringify(response.body.errors));
  return response.body.data as T;
}

/** An empty roster: the demo operators taken off, through the store, so that a test knows every operator. */
export async function emptyRoster(service: TestService) {
  const { rows } = await service.sql.query<{ id: string }>('select id from operators');
  for (const { id } of rows) await service.operators.remove({ id });
}
