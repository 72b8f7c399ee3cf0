import { declareSettings, type Reader } from '../platform/config/settings.js';
import { readManifest, type TrustedDocumentsConfig } from './trusted-documents.js';

/** What the GraphQL face shows of its schema, and which documents it runs. */
export const GRAPHQL_SETTINGS = declareSettings({
  GRAPHIQL: { default: '', doc: 'serve GraphiQL at GET /graphql: `true` or `false`; on by default, off in production' },
  GRAPHQL_INTROSPECTION: { default: '', doc: 'answer GraphQL introspection: `true` or `false`; on by default, off in production' },
  GRAPHQL_TRUSTED_DOCUMENTS: {
    default: '',
    doc: "path of a trusted documents manifest (the client preset's persisted-documents.json: id to text); unset: any document runs",
  },
  GRAPHQL_TRUSTED_DOCUMENTS_ONLY: {
    default: '',
    doc: 'with a manifest, refuse documents sent as text: `true` or `false`; by default true in production, false otherwise',
  },
  GRAPHQL_FEDERATION: { default: 'false', doc: 'serve /graphql as a Federation v2 subgraph (`_service`, `_entities`): `true` or `false`' },
});

export interface GraphqlConfig {
  /** What GraphQL shows of the schema; off in production unless asked for. */
  graphql: { introspection: boolean; graphiql: boolean; suggestions: boolean; trustedDocuments: TrustedDocumentsConfig; federation: boolean };
}

export function readGraphqlConfig(read: Reader<keyof typeof GRAPHQL_SETTINGS>, { production }: { production: boolean }): GraphqlConfig {
  const path = read.optional('GRAPHQL_TRUSTED_DOCUMENTS');
  const manifest = path === null ? null : readManifest(path);
  return {
    graphql: {
      introspection: read.flag('GRAPHQL_INTROSPECTION', !production),
      graphiql: read.flag('GRAPHIQL', !production),
      // "Did you mean …?" spells out the schema: never in production.
      suggestions: !production,
      trustedDocuments: { manifest, only: manifest !== null && read.flag('GRAPHQL_TRUSTED_DOCUMENTS_ONLY', production) },
      federation: read.flag('GRAPHQL_FEDERATION', false),
    },
  };
}
