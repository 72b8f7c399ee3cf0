import type { CodegenConfig } from '@graphql-codegen/cli';

// Types for the GraphQL operations the tests send, from the committed schema.graphql.
// The two plugins go to separate files: together they declare the same names twice.
// And the client preset over every operation in the repository (the tests', the examples'):
// typed documents for a client, each with its id, and the manifest of them that a deployment
// trusts (GRAPHQL_TRUSTED_DOCUMENTS, see docs/trusted-documents.md).
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
    'examples/gql/': {
      preset: 'client',
      documents: ['test/operations/*.graphql', 'examples/*/**/*.ts'],
      presetConfig: { persistedDocuments: { hashAlgorithm: 'sha256' }, fragmentMasking: false },
      config: { enumsAsTypes: true, scalars: { ID: 'string' }, useTypeImports: true, importExtension: '.js' },
    },
  },
};

export default config;
