// Mesh Compose's configuration for the bench's Hive Gateway: one OpenAPI source, this service's
// REST document (src/reference/openapi.ts, as GET /openapi.json serves it), whose operations are sent
// to the legacy stand-in. bench/peers.ts runs it with OPENAPI_FILE and LEGACY_URL set.
import { defineConfig } from '@graphql-mesh/compose-cli';
import { loadOpenAPISubgraph } from '@omnigraph/openapi';

export const composeConfig = defineConfig({
  subgraphs: [
    {
      sourceHandler: loadOpenAPISubgraph('Orders', {
        source: process.env.OPENAPI_FILE,
        endpoint: process.env.LEGACY_URL,
        // As the service's gateway does without a token of its own: the caller's, forwarded.
        operationHeaders: { authorization: '{context.headers.authorization}' },
      }),
    },
  ],
});
