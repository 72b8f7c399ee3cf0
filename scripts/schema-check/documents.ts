// Where the two faces' documents come from: today's, as the code makes them, and the released
// ones kept under schema/released/. The one place that reaches into src/ for the OpenAPI builder.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createOpenApiDocument } from '../../src/reference/openapi.js';

/** The repository's root, as a path. */
export const ROOT = new URL('../../', import.meta.url).pathname;

/** A face's published documents: the GraphQL schema as SDL, the OpenAPI document as parsed JSON. */
export interface SchemaDocuments {
  graphql: string;
  openapi: Record<string, unknown>;
}

export const RELEASED_DIR = 'schema/released';
export const RELEASED_GRAPHQL = `${RELEASED_DIR}/schema.graphql`;
export const RELEASED_OPENAPI = `${RELEASED_DIR}/openapi.json`;
export const CHANGELOG = 'CHANGELOG.md';

/**
 * Today's documents: schema.graphql at the root (`npm run schema` writes it from the code) and
 * the OpenAPI document as GET /openapi.json serves it with every option at its default, taken
 * through JSON as a client reads it.
 */
export function currentDocuments(root = ROOT): SchemaDocuments {
  return {
    graphql: readFileSync(join(root, 'schema.graphql'), 'utf8'),
    openapi: JSON.parse(JSON.stringify(createOpenApiDocument())) as Record<string, unknown>,
  };
}

/** The documents of the last release. */
export function releasedDocuments(root = ROOT): SchemaDocuments {
  for (const path of [RELEASED_GRAPHQL, RELEASED_OPENAPI]) {
    if (!existsSync(join(root, path))) throw new Error(`${path} is missing: the released documents are kept in the repository`);
  }
  return {
    graphql: readFileSync(join(root, RELEASED_GRAPHQL), 'utf8'),
    openapi: JSON.parse(readFileSync(join(root, RELEASED_OPENAPI), 'utf8')) as Record<string, unknown>,
  };
}

/** The OpenAPI document as it is kept under schema/released/. */
export const openApiText = (document: Record<string, unknown>): string => `${JSON.stringify(document, null, 2)}\n`;

/** Keeps `documents` as the released ones. */
export function writeReleased(documents: SchemaDocuments, root = ROOT): void {
  mkdirSync(join(root, RELEASED_DIR), { recursive: true });
  writeFileSync(join(root, RELEASED_GRAPHQL), documents.graphql);
  writeFileSync(join(root, RELEASED_OPENAPI), openApiText(documents.openapi));
}
