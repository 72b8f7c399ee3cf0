import type { CodegenConfig } from '@graphql-codegen/cli';

// Types for the GraphQL operations the tests send, from the committed schema.graphql.
// The two plugins go to separate files: together they declare the same names twice.
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: 'test/operations/*.graphql',
  generates: {
    'test/generated/schema-types.ts': {
      plugins: ['typescript'],
      config: { enumsAsTypes: true, scalars: { ID: 'string' } },
    },
    'test/generated/operations.ts': {
      plugins: ['typescript-operations'],
      config: { enumType: 'string-literal', scalars: { ID: 'string' } },
    },
  },
};

export default config;
