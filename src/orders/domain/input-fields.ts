import type { z } from 'zod';
import { InvalidInputError } from '../../platform/errors.js';
import { NOT_STORABLE } from '../../platform/text.js';

/** What each field of an input must be, said once: the reason an InvalidInputError gives. */
export type FieldRules<Field extends string> = Record<Field, string>;

/** The input as an object of fields; anything else has none. */
export const asFields = (input: unknown): Record<string, unknown> =>
  (input && typeof input === 'object' && !Array.isArray(input) ? input : {}) as Record<string, unknown>;

/** The refusal of `field`: missing, text the store cannot keep, or its rule broken. */
export function invalidField<Field extends string>(
  field: Field,
  fields: Record<string, unknown>,
  rules: FieldRules<Field>,
  issue?: { message: string },
): InvalidInputError {
  if (fields[field] == null) return new InvalidInputError(field, 'es obligatorio');
  return new InvalidInputError(field, issue?.message === NOT_STORABLE ? NOT_STORABLE : rules[field]);
}

/** Applies `schema` to the input's fields and names the first field that breaks a rule. */
export function parseFields<S extends z.ZodType, Field extends string>(
  schema: S,
  input: unknown,
  rules: FieldRules<Field>,
): z.output<S> {
  const fields = asFields(input);
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw invalidField(issue?.path[0] as Field, fields, rules, issue);
}
