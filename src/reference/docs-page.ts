import { DOCS_ASSETS_PATH, DOCS_PATH, loadDocsAssets, rendererFile, type DocsAssets, type DocsAssetUrls } from './docs-assets.js';
import type { PlainRequest, PlainResponse, PlainRoute } from '../http/plain.js';
import { refuse } from '../http/responses.js';
import { DOCS_CSP, htmlSecurityHeaders } from '../http/security-headers.js';

export const DOCS_TITLE = 'Órdenes de asistencia en ruta: referencia REST';

export interface DocsPageOptions {
  /** Whether GET /graphql opens GraphiQL, for the page's link to it. */
  graphiql: boolean;
}

/**
 * What the page hands Scalar: the service's own OpenAPI document, and none of the features that
 * reach outside the machine (its fonts, telemetry, agent and MCP panels, developer toolbar, the
 * button to its hosted client). The test client in the page stays: it sends requests to the
 * document's server, the service itself.
 */
export const SCALAR_OPTIONS = {
  url: '/openapi.json',
  telemetry: false,
  withDefaultFonts: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  // Its sidebar's button opens Scalar's hosted client; each operation's own test client stays.
  hideClientButton: true,
  // A download is the document the service serves, by its link: no copy made in the browser.
  documentDownloadType: 'direct',
  // A token typed into the test client stays in the page, not in the browser's storage.
  persistAuth: false,
  authentication: { preferredSecurityScheme: 'bearerAuth' },
} as const;

// JSON inside <script>: no `<` may close the element or open a comment; `\u003c` parses the same.
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The reference's page: markup and options only. Scalar's bundle and the start script are files
 * of `urls` (see docs-assets.ts), so it renders with no network beyond the service, under
 * DOCS_CSP. It names its files by their hashes: revalidated on each visit, so a new deployment's
 * page names the new files.
 */
export function docsPage(urls: DocsAssetUrls, options: DocsPageOptions): PlainResponse & { body: string } {
  const graphql = options.graphiql ? '<a href="/graphql">GraphiQL (/graphql)</a>' : '<span>GraphQL: <code>POST /graphql</code></span>';
  const html = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${DOCS_TITLE}</title>
<link rel="stylesheet" href="${urls.css}">
<script type="application/json" id="docs-options">${scriptJson(SCALAR_OPTIONS)}</script>
<script defer src="${urls.start}"></script>
<script defer src="${urls.renderer}"></script>
</head>
<body>
<nav class="docs-links"><strong>Referencia REST</strong> ${graphql} <a href="/openapi.json">/openapi.json</a> <a href="/">Inicio</a></nav>
<noscript>La referencia necesita JavaScript; el documento OpenAPI está en <a href="/openapi.json">/openapi.json</a>.</noscript>
<div id="reference">Cargando la referencia…</div>
</body>
</html>
`;
  const headers = Object.assign({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }, htmlSecurityHeaders(DOCS_CSP));
  return { status: 200, headers, body: html };
}

/**
 * `GET /docs` and its files under DOCS_ASSETS_PATH. The renderer's file is found now (a service
 * that cannot serve the page does not start) and read when the page is first asked for: a
 * service whose reference nobody opens never holds its ~5 MB.
 */
export function createDocsRoute(options: DocsPageOptions, file = rendererFile()): PlainRoute {
  let loading: Promise<DocsAssets & { page: PlainResponse & { body: string } }> | undefined;
  // A failed read is tried again by the next request rather than kept.
  const loaded = () =>
    (loading ??= loadDocsAssets(file).then(
      (assets) => Object.assign(assets, { page: docsPage(assets.urls, options) }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return async function docsRoute(request: PlainRequest, path: string): Promise<PlainResponse> {
    if (path.startsWith(DOCS_ASSETS_PATH)) return (await loaded()).respond(request, path);
    if (path !== DOCS_PATH) return refuse('NOT_FOUND');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return refuse('METHOD_NOT_ALLOWED', { allow: 'GET, HEAD' });
    }
    const { page } = await loaded();
    return { ...page, headers: { ...page.headers } };
  };
}
