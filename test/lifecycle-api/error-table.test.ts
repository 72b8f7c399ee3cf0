import { GraphQLObjectType, GraphQLUnionType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ERROR_TABLE } from '../../src/error-table.js';
import { schema } from '../../src/graphql/schema.js';
import { createOpenApiDocument } from '../../src/http/openapi.js';

// The codes of a change of an order after its creation: each a member of the mutations' unions in
// GraphQL, and, where REST can answer it (the owner's cancel), in the OpenAPI document at its status.
const CODES = ['ORDER_NOT_FOUND', 'INVALID_TRANSITION', 'OFFER_UNAVAILABLE', 'OPERATOR_UNAVAILABLE', 'UNAVAILABLE_IN_GATEWAY_MODE'] as const;
const REST_CANCEL = new Set(['ORDER_NOT_FOUND', 'INVALID_TRANSITION', 'UNAVAILABLE_IN_GATEWAY_MODE']);

const unions = Object.values(schema.getTypeMap()).filter((t): t is GraphQLUnionType => t instanceof GraphQLUnionType);
const document = createOpenApiDocument();
const cancelResponses = document.paths['/applications/orders/{id}/cancel'].post.responses as Record<string, any>;

describe('every code of a change of an order, on both faces', () => {
  it.each(CODES)('%s: a GraphQL union member implementing Error, and REST at the same status where it answers it', (code) => {
    const entry = ERROR_TABLE[code];
    const type = schema.getType(entry.graphqlType);

    expect(type).toBeInstanceOf(GraphQLObjectType);
    expect((type as GraphQLObjectType).getInterfaces().map((i) => i.name)).toEqual(['Error']);
    expect(unions.filter((u) => u.getTypes().includes(type as GraphQLObjectType)).length).toBeGreaterThan(0);
    if (REST_CANCEL.has(code)) {
      const name = cancelResponses[entry.status].content['application/json'].schema.$ref.split('/').pop();
      const { code: allowed } = (document.components.schemas as any)[name].properties;
      expect(allowed.enum ?? [allowed.const]).toContain(code);
    }
  });
});
