import { getIntrospectionQuery, stripIgnoredCharacters } from 'graphql';

/**
 * What GraphiQL, as the service serves it, sends to learn the schema: graphql's introspection
 * query with the two options its page turns on (the schema's description, deprecated arguments),
 * printed without whitespace by its fetcher, under its operation name. The browser test of
 * introspection checks that GraphiQL sends exactly this.
 */
export const GRAPHIQL_INTROSPECTION = {
  query: stripIgnoredCharacters(getIntrospectionQuery({ inputValueDeprecation: true, schemaDescription: true })),
  operationName: 'IntrospectionQuery',
};

/** The Accept header GraphiQL's fetcher sends with it. */
export const GRAPHIQL_ACCEPT = 'application/graphql-response+json, application/json, multipart/mixed';
