import { createOpenApiDocument, type OpenApiOptions } from './openapi.js';
import type { PlainRequest, PlainResponse, PlainRoute } from '../http/plain.js';
import { refuse } from '../http/responses.js';

/** `GET /openapi.json`: the document, written once; it changes only with a new deployment. */
export function createOpenApiRoute(options: OpenApiOptions): PlainRoute {
  const body = JSON.stringify(createOpenApiDocument(options));
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'public, max-age=300',
    'x-content-type-options': 'nosniff',
  };
  return async function openApiRoute(request: PlainRequest): Promise<PlainResponse> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return refuse('METHOD_NOT_ALLOWED', { allow: 'GET, HEAD' });
    }
    return { status: 200, headers: { ...headers }, body };
  };
}
