// GraphQL: @graphql-inspector/core's diff and criticality levels, with the deprecation rule of
// docs/versioning.md: a removal is allowed once the released schema has deprecated the thing.
import { type Change, ChangeType, CriticalityLevel, diff } from '@graphql-inspector/core';
import {
  buildSchema,
  getNamedType,
  type GraphQLNamedType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
} from 'graphql';
import type { Kind, Level, SchemaChange } from './changes.js';

const deprecated = (thing: { deprecationReason?: string | null | undefined } | undefined) => thing?.deprecationReason != null;

/**
 * The named types a client can reach from the root types through things not deprecated: a type
 * outside it can be removed once what led to it was deprecated, and removed with it.
 */
function reachableWithoutDeprecated(schema: GraphQLSchema): Set<string> {
  const seen = new Set<string>();
  const queue: GraphQLNamedType[] = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(
    (type): type is NonNullable<typeof type> => type != null,
  );
  while (queue.length > 0) {
    const type = queue.pop()!;
    if (seen.has(type.name)) continue;
    seen.add(type.name);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (deprecated(field)) continue;
        queue.push(getNamedType(field.type));
        for (const arg of field.args) if (!deprecated(arg)) queue.push(getNamedType(arg.type));
      }
      queue.push(...type.getInterfaces());
      if (isInterfaceType(type)) queue.push(...schema.getPossibleTypes(type));
    } else if (isUnionType(type)) {
      queue.push(...type.getTypes());
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) if (!deprecated(field)) queue.push(getNamedType(field.type));
    }
  }
  return seen;
}

/** Whether the released schema had deprecated what `change` removes. */
function removalOfDeprecated(change: Change, released: GraphQLSchema, reachable: Set<string>): boolean {
  const [typeName = '', member = '', argument = ''] = (change.path ?? '').split('.');
  const type = released.getType(typeName);
  switch (change.type) {
    case ChangeType.FieldRemoved:
      return (isObjectType(type) || isInterfaceType(type)) && deprecated(type.getFields()[member]);
    case ChangeType.FieldArgumentRemoved:
      return (isObjectType(type) || isInterfaceType(type)) && deprecated(type.getFields()[member]?.args.find((a) => a.name === argument));
    case ChangeType.EnumValueRemoved:
      return isEnumType(type) && deprecated(type.getValue(member) ?? undefined);
    case ChangeType.InputFieldRemoved:
      return isInputObjectType(type) && deprecated(type.getFields()[member]);
    case ChangeType.TypeRemoved:
      return type != null && !reachable.has(type.name);
    default:
      return false;
  }
}

// The @deprecated directive's own usage changes repeat what FIELD_DEPRECATION_* and
// ENUM_VALUE_DEPRECATION_* say of fields and enum values; on arguments and input fields they are
// the only word of a deprecation, or of its end.
const REPEATED_DEPRECATION = new Set<string>([
  ChangeType.DirectiveUsageFieldDefinitionAdded,
  ChangeType.DirectiveUsageFieldDefinitionRemoved,
  ChangeType.DirectiveUsageEnumValueAdded,
  ChangeType.DirectiveUsageEnumValueRemoved,
  ChangeType.DirectiveUsageArgumentAdded,
  ChangeType.DirectiveUsageArgumentRemoved,
]);

const directiveOf = (change: Change): string | undefined => {
  const meta = change.meta as { addedDirectiveName?: string; removedDirectiveName?: string; directiveName?: string };
  return meta.addedDirectiveName ?? meta.removedDirectiveName ?? meta.directiveName;
};

function kindOf(change: Change): Kind {
  switch (change.type) {
    case ChangeType.FieldDeprecationAdded:
    case ChangeType.EnumValueDeprecationReasonAdded:
      return 'deprecated';
    case ChangeType.DirectiveUsageArgumentDefinitionAdded:
    case ChangeType.DirectiveUsageInputFieldDefinitionAdded:
      return directiveOf(change) === 'deprecated' ? 'deprecated' : 'changed';
  }
  if (/DESCRIPTION|DEPRECATION|DIRECTIVE_USAGE|DEFAULT/.test(change.type)) return 'changed';
  if (change.type.endsWith('_ADDED')) return 'added';
  if (change.type.endsWith('_REMOVED')) return 'removed';
  return 'changed';
}

const LEVELS: Record<string, Level> = {
  [CriticalityLevel.Breaking]: 'BREAKING',
  [CriticalityLevel.Dangerous]: 'DANGEROUS',
  [CriticalityLevel.NonBreaking]: 'NON_BREAKING',
};

/** The changes from the released schema to today's, both as SDL. */
export async function diffGraphql(releasedSdl: string, currentSdl: string): Promise<SchemaChange[]> {
  const released = buildSchema(releasedSdl);
  const current = buildSchema(currentSdl);
  const reachable = reachableWithoutDeprecated(released);
  const changes = await diff(released, current);

  return changes
    .filter((change) => !(REPEATED_DEPRECATION.has(change.type) && directiveOf(change) === 'deprecated'))
    .map((change): SchemaChange => {
      const excused = change.criticality.level === CriticalityLevel.Breaking && removalOfDeprecated(change, released, reachable);
      return {
        face: 'GraphQL',
        level: excused ? 'DANGEROUS' : (LEVELS[change.criticality.level] ?? 'BREAKING'),
        kind: kindOf(change),
        path: change.path ?? '(schema)',
        message: change.message,
        ...(excused ? { note: 'deprecated in the released schema' } : {}),
        ...(/DESCRIPTION|DEPRECATION_REASON_CHANGED/.test(change.type) ? { wording: true } : {}),
      };
    });
}
