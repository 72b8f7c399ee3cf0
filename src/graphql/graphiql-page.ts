import type { PlainResponse } from '../http/plain.js';
import { GRAPHIQL_CSP, htmlSecurityHeaders } from '../http/security-headers.js';
import type { GraphiqlAssetUrls } from './graphiql-assets.js';
import { CREATE_ORDER_EXAMPLE, type GraphiqlExample } from './graphiql-example.js';

// YogaGraphiQL writes the title into the page as HTML: a constant, never input.
export const GRAPHIQL_TITLE = 'Órdenes de asistencia en ruta';

export interface GraphiqlPageOptions {
  /** Pre-filled in the headers editor as `Authorization: Bearer …`; development only. */
  token?: string;
  /** Where GraphiQL sends operations; `/graphql` by default. */
  endpoint?: string;
  /** What the editors open with; the README's createOrder mutation by default. */
  example?: GraphiqlExample;
  /** Whether GET /docs serves the REST reference: the page then links to it. */
  docs?: boolean;
}

/** Whether a request is a browser opening the GraphQL endpoint (the test graphql-yoga applies). */
export const wantsGraphiql = (method: string, accept: string | undefined): boolean =>
  method === 'GET' && (accept ?? '').includes('text/html');

// Over GraphiQL's own layout, in the corner its sidebar leaves free at the top.
const REST_DOCS_LINK = `<a href="/docs" style="position:fixed;top:.4rem;right:.75rem;z-index:10;font:13px system-ui,sans-serif">Referencia REST (/docs)</a>
`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// JSON inside <script>: no `<` may close the element or open a comment; `\u003c` parses the same.
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The GraphiQL page: markup and options only. Its code, styles and Monaco's workers are the files
 * of `urls` (see graphiql-assets.ts), so it renders with no network beyond the service and under
 * GRAPHIQL_CSP. Never cached: it may carry a token.
 */
export function graphiqlPage(urls: GraphiqlAssetUrls, options: GraphiqlPageOptions = {}): PlainResponse & { body: string } {
  const { token, endpoint = '/graphql', example = CREATE_ORDER_EXAMPLE, docs = false } = options;
  const graphiql = {
    title: GRAPHIQL_TITLE,
    endpoint,
    query: example.query,
    variables: JSON.stringify(example.variables, null, 2),
    defaultEditorToolsVisibility: 'variables',
    // A token belongs to this page's answer, not to the browser's storage.
    shouldPersistHeaders: false,
    ...(token ? { headers: JSON.stringify({ Authorization: `Bearer ${token}` }, null, 2) } : {}),
  };
  const html = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(GRAPHIQL_TITLE)}</title>
<link rel="icon" href="${urls.favicon}">
<link rel="stylesheet" href="${urls.css}">
<script type="application/json" id="graphiql-options">${scriptJson({ workers: urls.workers, graphiql })}</script>
<script defer src="${urls.start}"></script>
<script defer src="${urls.js}"></script>
</head>
<body id="body" class="no-focus-outline">
<noscript>GraphiQL necesita JavaScript.</noscript>
<div id="root">Cargando GraphiQL…</div>
${docs ? REST_DOCS_LINK : ''}</body>
</html>
`;
  const headers = Object.assign(
    { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    htmlSecurityHeaders(GRAPHIQL_CSP),
  );
  return { status: 200, headers, body: html };
}
