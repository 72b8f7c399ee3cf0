import type { Mount } from '../http/router.js';
import type { PlainRoute } from '../http/plain.js';
import { DOCS_ASSETS_PATH, DOCS_PATH } from './docs-assets.js';
import { createOpenApiRoute } from './openapi-route.js';
import type { OpenApiOptions } from './openapi.js';

/** The REST API's reference, as the router mounts it: `/openapi.json`, and `/docs` with its files when served. */
export function referenceMounts(options: OpenApiOptions & { docs?: PlainRoute }): Mount[] {
  const mounts: Mount[] = [{ path: '/openapi.json', route: createOpenApiRoute(options), spanRoute: '/openapi.json' }];
  if (options.docs) mounts.push({ path: DOCS_PATH, route: options.docs }, { path: DOCS_ASSETS_PATH, prefix: true, route: options.docs });
  return mounts;
}
